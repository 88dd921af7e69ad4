import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';
import { createListingOnceKnown, eventually, localSecret, logIn, settled, watchFailures } from '../support/session';

/**
 * A copied item caught at upload (issue 29): player1 holds an item in the cloud stash, a second player (a
 * fresh account each run, so its stash holds only this journey's copy) uploads the same instance as the
 * launcher would (same record, same seed), and finds it held in their stash: flagged, neither withdrawable
 * nor tradable. An admin releases it on Suspected Duplicates; then the second player lists it.
 */

const TRADE_SEASON = 18;
const SHIELD = 'records/items/gearweapons/shields/a10_shield01.dbr';
const SHIELD_NAME = 'Kite Shield';
const stamp = Date.now().toString(36);
const USERNAME = `e2e_dupe_${stamp}`;
const PASSWORD = `Journey-${stamp}!`;

interface Caller {
  token: string;
  participantId: number;
}

async function api<T>(token: string | null, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}/api${route}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function participantIn(token: string): Promise<number> {
  const profile = await api<{ seasonParticipants: Array<{ seasonId: number; seasonParticipantId: number }> }>(
    token,
    'GET',
    '/season/profile?branch=prod',
  );
  return profile.seasonParticipants.find((p) => p.seasonId === TRADE_SEASON)!.seasonParticipantId;
}

/** Player1 through the API only, as the launcher signs in: a token and the trade-ladder participant. */
async function launcherLogin(username: string, password: string): Promise<Caller> {
  const { access_token: token } = await api<{ access_token: string }>(null, 'POST', '/account/login', {
    username,
    password,
  });
  return { token, participantId: await participantIn(token) };
}

const shield = {
  name: SHIELD,
  prefix: '',
  suffix: '',
  modifier: '',
  illusion: '',
  component: '',
  completion: '',
  augment: '',
  itemSeed: Math.floor(Math.random() * 0x7ffffff0) + 1,
  componentSeed: 0,
  augmentSeed: 0,
  stackCount: 1,
};

/** The copy's row in the second player's Cloud Stash (the only Kite Shield of a fresh account). */
async function shieldRow(page: Page) {
  await page.goto(appUrl('/profile/stash?st=1'));
  // The same address again is only a hash change for the open app: a reload reads the stash afresh.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /Cloud Stash$/ }).waitFor({ state: 'visible' });
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(SHIELD_NAME);
  await search.press('Enter');
  const row = page.getByRole('table', { name: 'Cloud Stash' }).getByTestId('item-row').filter({ hasText: SHIELD_NAME });
  await row.first().waitFor({ state: 'visible' });
  expect(await row.count()).toBe(1);
  return row;
}

describe('a copied item held for review', () => {
  let player: Journey;
  let admin: Journey;
  let page: Page;
  let adminPage: Page;
  let failed: string[];
  let first: Caller;
  let second: Caller;
  let copyId = 0;

  beforeAll(async () => {
    first = await launcherLogin('player1', await localSecret('demo-password.txt'));
    // The second player: a new account (no cookie, no bearer: the anti-forgery check does not apply).
    await api(null, 'POST', '/account/register-user', {
      username: USERNAME,
      email: `${USERNAME}@example.com`,
      password: PASSWORD,
    });
    player = await launch('duplicates-player');
    page = await player.newPage();
    failed = watchFailures(page);
    await logIn(page, USERNAME, PASSWORD);
    const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
    await ladder.waitFor({ state: 'visible' });
    await ladder.getByRole('button', { name: /^Join/ }).click();
    await ladder.getByRole('link', { name: 'Trading Post' }).waitFor({ state: 'visible' });
    const cookie = (await player.context.cookies(BASE_URL)).find((c) => c.name === 'authToken');
    const token = JSON.parse(decodeURIComponent(cookie!.value)).access_token as string;
    second = { token, participantId: await participantIn(token) };
    admin = await launch('duplicates-admin');
    adminPage = await admin.newPage();
    await logIn(adminPage, 'admin', await localSecret('admin-password.txt'));
  });

  afterAll(async () => {
    await player?.close();
    await admin?.close();
    await axeSummary('duplicates');
  });

  it('when a second player uploads a copy of an item player1 holds, then it is stored and shown held in their stash', async () => {
    const stashOf = (c: Caller) => `/season/participant/${c.participantId}/stash?branch=prod`;
    expect(await api<{ held: number }>(first.token, 'POST', stashOf(first), [shield])).toMatchObject({
      stored: 1,
      held: 0,
    });
    // The launcher's upload of the copy: stored, but held.
    expect(await api<{ held: number }>(second.token, 'POST', stashOf(second), [shield])).toMatchObject({
      stored: 1,
      held: 1,
    });
    const page1 = await api<{ items: Array<{ participantItemId: number; held?: boolean }> }>(
      second.token,
      'GET',
      `/season/participant/${second.participantId}/stash?branch=prod&searchTerm=${encodeURIComponent(SHIELD_NAME)}`,
    );
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]!.held).toBe(true);
    copyId = page1.items[0]!.participantItemId;

    const row = await shieldRow(page);
    await row.getByText('Held for review', { exact: true }).waitFor({ state: 'visible' });
    expect(await row.getByRole('button', { name: `Withdraw ${SHIELD_NAME}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Trade ${SHIELD_NAME}` }).isDisabled()).toBe(true);
    await settled(page, failed);
    await expectAccessible(page, 'cloud stash with a held copy');
  });

  it('when an admin opens Suspected Duplicates, then the copy shows with both holders, and Release makes it a normal item', async () => {
    await adminPage.goto(appUrl('/admin'));
    await adminPage
      .getByRole('navigation', { name: 'Admin screens' })
      .getByRole('link', { name: 'Suspected Duplicates' })
      .click();
    await adminPage.getByRole('heading', { level: 1, name: 'Suspected Duplicates' }).waitFor({ state: 'visible' });
    const grid = adminPage.getByRole('grid', { name: 'Suspected Duplicates' });
    const release = grid.getByRole('button', { name: `Release ${SHIELD_NAME} of ${USERNAME}` });
    await release.waitFor({ state: 'visible' });
    // `has` is queried inside each row, so its locator starts from the page, not from the grid.
    const row = grid
      .getByRole('row')
      .filter({ has: adminPage.getByRole('button', { name: `Release ${SHIELD_NAME} of ${USERNAME}` }) });
    // Both holders in the row: the held copy's (this run's player) and the first copy's (player1).
    let text = '';
    await eventually(
      async () => {
        text = await row.innerText();
        return text.includes('player1') && text.includes(`#${copyId}, in the cloud stash`);
      },
      'both holders in the row',
      30_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; the row reads: ${JSON.stringify(text)}`);
    });
    await expectAccessible(adminPage, 'admin suspected duplicates');
    await release.click();
    await adminPage.getByText(`${SHIELD_NAME} of ${USERNAME} was released: it is a normal item again.`).waitFor({
      state: 'visible',
    });
    await release.waitFor({ state: 'detached' });
  });

  it('when the copy was released, then its owner lists it for trade from the stash', async () => {
    const row = await shieldRow(page);
    expect(await row.getByText('Held for review', { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: `Trade ${SHIELD_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'List Item for Trade' });
    // The trading post learns of the release from season's events a moment later; until then it refuses
    // with the held message, which the dialog shows, and a player tries again.
    await createListingOnceKnown(dialog, dialog.getByText(/^Error: /), 'the released copy', () =>
      expectAccessible(page, 'list the released copy'),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await eventually(async () => {
      const mine = await api<Array<{ participantItemId: number; state: string }>>(
        second.token,
        'GET',
        `/trade/participant/${second.participantId}/trade-listings?branch=prod`,
      );
      return mine.some((l) => l.participantItemId === copyId && l.state === 'open');
    }, 'the listing of the released copy');
  });
});
