import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { BASE_URL, launch, type Journey } from '../support/browser';
import { localSecret as password, logIn } from '../support/session';

/**
 * Logging in for real against the account service, as the demo league's players and admin: the login
 * form's keyboard flow, the lazily loaded profile, a player's own (editable) builds, the admin screens,
 * and logout. The passwords are the ones the demo seed remembered in .local/.
 */

describe('signed in', () => {
  let journey: Journey;
  let page: Page;

  beforeAll(async () => {
    journey = await launch('signed-in');
    page = await journey.newPage();
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('signed-in');
  });

  it('when a player logs in, then the profile lists the ladders and their own builds page is editable', async () => {
    await logIn(page, 'player1', await password('demo-password.txt'));
    const cookies = await journey.context.cookies(BASE_URL);
    const token = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'authToken')!.value));
    expect(token.access_token).toBeTruthy();
    expect(cookies.some((c) => c.name === 'authExpires')).toBe(true);

    const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
    await ladder.waitFor({ state: 'visible' });
    const join = ladder.getByRole('button', { name: /^Join/ });
    if (await join.isVisible()) await join.click();
    await ladder.getByRole('link', { name: 'Character Builds' }).waitFor({ state: 'visible' });
    await expectAccessible(page, '/profile');
    await journey.screenshot(page, 'profile');

    await ladder.getByRole('link', { name: 'Character Builds' }).click();
    await page.getByRole('heading', { level: 1, name: 'player1 Character Builds' }).waitFor({ state: 'visible' });
    const add = page.getByRole('button', { name: 'Add' });
    await add.click();
    expect(await add.isDisabled()).toBe(true);
    await page.getByText('* Changes have not been saved').waitFor({ state: 'visible' });
    await expectAccessible(page, 'own builds, editing');
    await journey.screenshot(page, 'own-builds');

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
    expect((await journey.context.cookies(BASE_URL)).some((c) => c.name === 'authToken')).toBe(false);
  });

  it('when the admin logs in, then the Admin link leads to the admin leaderboard without the builds column', async () => {
    await logIn(page, 'admin', await password('admin-password.txt'));
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin');
    await page
      .getByRole('article', { name: 'Season 7 SC Trade (prod)' })
      .getByRole('link', { name: 'Leaderboard' })
      .click();
    await page.waitForURL(/#\/admin\/leaderboard\/18$/);
    const table = page.getByRole('table', { name: 'Leaderboard' });
    await table.waitFor({ state: 'visible' });
    expect(await table.getByRole('columnheader', { name: 'Points' }).isVisible()).toBe(true);
    expect(await table.getByRole('columnheader', { name: 'Classes Played' }).count()).toBe(0);
    await expectAccessible(page, '/admin/leaderboard/18');
    await journey.screenshot(page, 'admin-leaderboard');
  });
});
