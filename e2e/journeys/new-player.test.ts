import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';
import { apiGet, logIn, settled, watchFailures } from '../support/session';

/**
 * A new player from nothing: registers, logs in, joins the Season 7 trade ladder, adds a character build
 * and a screenshot, and then finds themselves on the public leaderboard (with the build's class) and on
 * their public builds and screenshots pages. A fresh account each run, so every step is the real first
 * time. The screenshot's image host is answered by the browser (a 1×1 PNG), so no page leaves the machine.
 */

const TRADE_SEASON = 18;
const stamp = Date.now().toString(36);
const USERNAME = `e2e_${stamp}`;
const EMAIL = `${USERNAME}@example.com`;
const PASSWORD = `Journey-${stamp}!`;
const BUILD_CLASS = 'Warder';
const BUILD_URL = `https://www.grimtools.com/calc/e2e${stamp}`;
const SHOT_URL = `https://screenshots.e2e.invalid/${USERNAME}.png`;
// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Board {
  leaderboardEntries: Array<{ seasonParticipantId: number; username: string; classesPlayed: string[] }>;
}

describe('a new player', () => {
  let journey: Journey;
  let page: Page;
  let failed: string[];
  let participantPath = '';
  /** Requests for the screenshot the browser answered, and those that failed (for the error message). */
  const imageRequests: string[] = [];

  beforeAll(async () => {
    journey = await launch('new-player');
    await journey.context.route('https://screenshots.e2e.invalid/**', (route) => {
      imageRequests.push(`answered ${route.request().url()}`);
      return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
    });
    page = await journey.newPage();
    failed = watchFailures(page);
    page.on('console', (msg) => {
      if (/Content.Security.Policy/i.test(msg.text())) imageRequests.push(`console: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => {
      if (req.url().includes('screenshots.e2e.invalid')) imageRequests.push(`failed ${req.failure()?.errorText}`);
    });
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('new-player');
  });

  it('when a visitor registers, then the site goes on to the seasons and the new account can log in', async () => {
    await page.goto(appUrl('/register'));
    await page.getByRole('heading', { level: 1, name: 'Register Account' }).waitFor({ state: 'visible' });
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(USERNAME);
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm Password').fill(PASSWORD);
    await expectAccessible(page, '/register, filled in');
    await form.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL(/#\/seasons$/);
    await settled(page, failed);
    await expectAccessible(page, '/seasons after registering');

    await logIn(page, USERNAME, PASSWORD);
    expect(await page.getByText(`Signed in as ${USERNAME}`).isVisible()).toBe(true);
  });

  it('when the new player joins the trade ladder, then the profile offers challenges, builds and screenshots', async () => {
    const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
    await ladder.waitFor({ state: 'visible' });
    await ladder.getByText('You have not joined this ladder yet.').waitFor({ state: 'visible' });
    await expectAccessible(page, '/profile before joining');
    await ladder.getByRole('button', { name: 'Join Season 7 SC Trade' }).click();
    await ladder.getByRole('link', { name: 'Character Builds' }).waitFor({ state: 'visible' });
    expect(await ladder.getByRole('link', { name: 'Screenshots' }).isVisible()).toBe(true);
    await expectAccessible(page, '/profile after joining');
    await journey.screenshot(page, 'joined');
    participantPath = (await ladder.getByRole('link', { name: 'Challenges' }).getAttribute('href'))!.replace(/^#/, '');
    expect(participantPath).toMatch(new RegExp(`^/seasons/${TRADE_SEASON}/participant/\\d+\\?username=${USERNAME}$`));
  });

  it('when the player adds a build, then it is saved and their class shows on the public leaderboard', async () => {
    await page
      .getByRole('region', { name: 'Season 7 SC Trade' })
      .getByRole('link', { name: 'Character Builds' })
      .click();
    await page.getByRole('heading', { level: 1, name: `${USERNAME} Character Builds` }).waitFor({ state: 'visible' });
    await page.getByText('No character builds added.').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Add' }).click();
    const build = page.getByRole('article', { name: 'Build 1' });
    await build.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: `Soldier + Shaman: ${BUILD_CLASS}`, exact: true }).click();
    await build.getByRole('textbox', { name: 'Build URL' }).fill(BUILD_URL);
    await build.getByRole('textbox', { name: 'Description' }).fill('Shield and totems, made by the e2e journey.');
    await expectAccessible(page, 'own builds with an unsaved build');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('* Changes have not been saved').waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: 'Build 1' }).waitFor({ state: 'visible' });
    await expectAccessible(page, 'own builds, saved');

    // The participant's own public page and the API agree on the new build.
    const participantId = Number(/participant\/(\d+)/.exec(participantPath)![1]);
    const builds = await apiGet<Array<{ buildClass: string; buildUrl: string }>>(
      `/season/participant/${participantId}/builds`,
    );
    expect(builds).toEqual([expect.objectContaining({ buildClass: BUILD_CLASS, buildUrl: BUILD_URL })]);

    // The ladder is cached for a moment; a visitor reloading sees the new class shortly after the save. The
    // table shows 25 players a page: the new player's page is the one their place on the ladder falls on.
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: USERNAME, exact: true }) });
    const until = Date.now() + 60_000;
    for (;;) {
      const ladder = await apiGet<Board>(`/season/${TRADE_SEASON}/leaderboard`);
      const place = Math.max(
        0,
        ladder.leaderboardEntries.findIndex((e) => e.username === USERNAME),
      );
      await page.goto('about:blank');
      await page.goto(appUrl(`/seasons/${TRADE_SEASON}/leaderboard?page=${Math.floor(place / 25) + 1}`));
      await settled(page, failed);
      await page.getByRole('table', { name: 'Leaderboard' }).waitFor({ state: 'visible' });
      if ((await row.count()) && (await row.first().innerText()).includes(BUILD_CLASS)) break;
      if (Date.now() > until) throw new Error(`${USERNAME} with ${BUILD_CLASS} is not on the leaderboard`);
    }
    await expectAccessible(page, `/seasons/${TRADE_SEASON}/leaderboard with the new player`);
    await journey.screenshot(page, 'leaderboard');
    const board = await apiGet<Board>(`/season/${TRADE_SEASON}/leaderboard`);
    expect(board.leaderboardEntries.find((e) => e.username === USERNAME)?.classesPlayed).toEqual([BUILD_CLASS]);
  });

  it('when the player adds a screenshot, then its public screenshots page shows the image', async () => {
    await page.goto(appUrl(participantPath.replace('?', '/screenshots?')));
    await page.getByRole('heading', { level: 1, name: `${USERNAME} Screenshots` }).waitFor({ state: 'visible' });
    await page.getByText('No screenshots added.').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('textbox', { name: 'New Screenshot URL' }).fill(SHOT_URL);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('* Changes have not been saved').waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Screenshot 1 URL' }).waitFor({ state: 'visible' });
    await expectAccessible(page, 'own screenshots, saved');

    // Logged out, as any visitor: the screenshot and the build are on the player's public pages.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
    await page.goto('about:blank');
    await page.goto(appUrl(participantPath.replace('?', '/screenshots?')));
    const image = page.getByRole('img', { name: `Screenshot 1 by ${USERNAME}` });
    await image.waitFor({ state: 'visible' });
    await page
      .waitForFunction(
        (alt) => {
          const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
          return !!img && img.complete && img.naturalWidth > 0;
        },
        `Screenshot 1 by ${USERNAME}`,
        { timeout: 15_000 },
      )
      .catch(async (err: Error) => {
        const state = await image.evaluate((img: HTMLImageElement) => ({
          complete: img.complete,
          naturalWidth: img.naturalWidth,
          src: img.currentSrc,
          loading: img.loading,
        }));
        const headers = JSON.stringify(
          Object.fromEntries((await fetch(`${BASE_URL}/`)).headers as unknown as Iterable<[string, string]>),
        );
        throw new Error(
          `${err.message}; image ${JSON.stringify(state)}; requests ${imageRequests.join(', ')}; site headers ${headers}`,
        );
      });
    expect(await image.getAttribute('src')).toBe(SHOT_URL);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await expectAccessible(page, 'public screenshots of the new player');
    await journey.screenshot(page, 'screenshots');

    await page.goto(appUrl(participantPath.replace('?', '/builds?')));
    await page.getByRole('heading', { level: 1, name: `${USERNAME} Character Builds` }).waitFor({ state: 'visible' });
    await page.getByRole('article', { name: 'Build 1' }).getByText(BUILD_CLASS).waitFor({ state: 'visible' });
    await expectAccessible(page, 'public builds of the new player');
  });
});
