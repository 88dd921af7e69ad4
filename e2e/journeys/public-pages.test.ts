import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, axeSummary } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';

/**
 * Every public route of the spec, against the demo league `npm start` seeds: each page must finish
 * loading without an error state or the Error modal, show its heading and its real data, and leave a
 * screenshot in e2e/output/public-pages/.
 */

interface Season {
  seasonId: number;
  seasonTypeId: number;
  isBeta: boolean;
  displayName: string;
}
interface LeaderboardEntry {
  seasonParticipantId: number;
  username: string;
}

async function api<T>(route: string): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${route}`);
  if (!res.ok) throw new Error(`GET ${route} answered ${res.status}`);
  return (await res.json()) as T;
}

/** API answers of 400 and above since the page was opened, for the error message. */
const failedCalls: string[] = [];

/** Waits until no loading indicator is left, then checks that nothing went wrong on the page. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('main [role="status"][aria-label^="Loading"]').length === 0,
  );
  const errorModal = page.getByRole('dialog', { name: 'Error' });
  if (await errorModal.isVisible()) {
    throw new Error(`Error modal: ${await errorModal.innerText()}; failed calls: ${failedCalls.join(', ')}`);
  }
  const alerts = await page.locator('main .MuiAlert-standardError, main .MuiAlert-filledError').allInnerTexts();
  if (alerts.length) throw new Error(`error state on the page: ${alerts.join(' | ')}`);
}

describe('public pages', () => {
  let journey: Journey;
  let page: Page;
  let ladder: Season;
  let hardcore: Season;
  let top: LeaderboardEntry;
  let itemId: number;
  let encounterId: number;
  let monsterId: number;
  const visited: string[] = [];

  /** Opens a route as a fresh page load, so one page's failure cannot leak into the next. */
  async function open(route: string): Promise<void> {
    failedCalls.length = 0;
    await page.goto('about:blank');
    await page.goto(appUrl(route));
  }

  async function visit(route: string, heading: string | RegExp, shot: string): Promise<void> {
    await open(route);
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ state: 'visible' });
    await settled(page);
    await expectAccessible(page, route);
    await journey.screenshot(page, shot);
    visited.push(route);
  }

  beforeAll(async () => {
    const latest = await api<Season[]>('/season/latest?includeChallenges=true&includeParticipants=true&branch=prod');
    ladder = latest.find((s) => s.seasonTypeId === 1 && !s.isBeta)!;
    hardcore = latest.find((s) => s.seasonTypeId === 2 && !s.isBeta)!;
    const board = await api<{ leaderboardEntries: LeaderboardEntry[] }>(`/season/${ladder.seasonId}/leaderboard`);
    top = board.leaderboardEntries[0]!;
    const items = await api<Array<{ itemId: number }>>('/season/items');
    itemId = items[0]!.itemId;
    const encounters = await api<Array<{ encounterId: number }>>('/season/encounters');
    encounterId = encounters[0]!.encounterId;
    const monsters = await api<Array<{ monsterId: number }>>(`/season/monsters?encounterId=${encounterId}`);
    monsterId = monsters[0]!.monsterId;
    journey = await launch('public-pages');
    page = await journey.newPage();
    page.on('response', (res) => {
      if (res.status() >= 400 && res.url().includes('/api/')) failedCalls.push(`${res.status()} ${res.url()}`);
    });
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('public-pages');
  });

  it('when the demo league is seeded, then the journey has a ladder with players, an item, an encounter and a monster', () => {
    expect(ladder).toBeDefined();
    expect(hardcore).toBeDefined();
    expect(top.username).toBeTruthy();
    expect([itemId, encounterId, monsterId].every(Number.isInteger)).toBe(true);
  });

  it('when a visitor opens the landing, account and password pages, then each shows its form', async () => {
    await visit('/', 'Grim League', 'landing');
    await visit('/register', 'Register Account', 'register');
    await visit('/login', 'Login', 'login');
    expect(await page.getByRole('link', { name: 'Forgot Password' }).isVisible()).toBe(true);
    await visit('/forgot-password', 'Forgot Password', 'forgot-password');
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    await visit('/reset-password?email=player1%40example.com', 'Reset Password', 'reset-password');
  });

  it('when a visitor opens About, then the countdown ticks against the server clock', async () => {
    await visit('/about', 'About the League', 'about');
    const countdown = page.getByRole('region', { name: 'Season countdown' });
    const first = await countdown.innerText();
    expect(first).toMatch(/starts in|ends in/);
    await page.waitForFunction(
      (before) => document.querySelector('section[aria-label="Season countdown"]')?.textContent !== before,
      first,
      { timeout: 5000 },
    );
  });

  it('when a visitor browses the ladders, then seasons, season, leaderboard and kill tracker show the seeded data', async () => {
    await visit('/seasons', 'Season 7 Ladders', 'seasons');
    await visit(`/seasons/${ladder.seasonId}`, /Season 7/, 'season');
    await visit(`/seasons/${ladder.seasonId}/leaderboard`, /Leaderboard/, 'leaderboard');
    expect(await page.getByRole('link', { name: top.username }).first().isVisible()).toBe(true);
    await visit('/leaderboard', /Leaderboard/, 'leaderboard-latest');
    await visit(`/seasons/${hardcore.seasonId}/kill-tracker`, /Kill Tracker/, 'kill-tracker');
  });

  it('when a visitor opens a participant, then the challenges, builds, screenshots and socials pages show', async () => {
    const who = `username=${encodeURIComponent(top.username)}`;
    const base = `/seasons/${ladder.seasonId}/participant/${top.seasonParticipantId}`;
    await visit(`${base}?${who}`, new RegExp(top.username), 'participant');
    expect(await page.getByRole('checkbox').count()).toBeGreaterThan(0);
    await visit(`${base}/builds?${who}`, /Builds/i, 'builds');
    await visit(`${base}/screenshots?${who}`, /Screenshots/i, 'screenshots');
    await visit(`/socials?${who}`, /Social Links/, 'socials');
  });

  it('when a visitor opens previous seasons, then each season 3 to 6 lists its ladders with collapsed challenges', async () => {
    await visit('/previous-seasons', 'Previous Seasons', 'previous-seasons');
    for (const n of [3, 4, 5, 6]) {
      await visit(`/previous-seasons/${n}`, `Season ${n}`, `previous-season-${n}`);
      expect(await page.getByRole('link', { name: 'View Leaderboard' }).count()).toBeGreaterThan(0);
    }
  });

  it('when a visitor browses the catalogue, then items, an item, encounters, monsters, a monster and the mutators show', async () => {
    await visit('/items', 'Items', 'items');
    expect(await page.locator('main tbody tr').count()).toBeGreaterThan(0);
    await open(`/item/${itemId}`);
    await page.getByTestId('item-name').waitFor({ state: 'visible' });
    await settled(page);
    await expectAccessible(page, `/item/${itemId}`);
    await journey.screenshot(page, 'item');
    visited.push(`/item/${itemId}`);
    await visit('/encounters', 'Encounters', 'encounters');
    await visit(`/monsters?encounterId=${encounterId}`, 'Monsters', 'monsters');
    await open(`/monster/${monsterId}`);
    await page.getByRole('link', { name: 'Back' }).waitFor({ state: 'visible' });
    await settled(page);
    await expectAccessible(page, `/monster/${monsterId}`);
    await journey.screenshot(page, 'monster');
    visited.push(`/monster/${monsterId}`);
    await visit('/boundless-mutators', 'Season 4', 'boundless-mutators');
    await page.getByRole('button', { name: 'Elite' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    await expectAccessible(page, 'boundless mutator modal');
    await journey.screenshot(page, 'boundless-mutator-modal');
    await page.keyboard.press('Escape');
  });

  it('when a visitor opens the changelog, then it embeds the seeded patch-notes PDF', async () => {
    await visit('/changelog', 'Changelog', 'changelog');
    const pdf = await fetch(`${BASE_URL}/api/file/patch-notes`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const changelog = await readFile(path.resolve(__dirname, '../../CHANGELOG.md'), 'utf8');
    const title = /^# (.*)$/m.exec(changelog)![1]!;
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain(`(${title}) Tj`);
    expect(await page.locator('main object[type="application/pdf"], main iframe').count()).toBe(1);
  });

  it('when a visitor opens the technical FAQ and supporters, then the mod files and the names show', async () => {
    await visit('/technical-faq', 'Technical FAQ', 'technical-faq');
    expect(await page.locator('main tbody tr').count()).toBeGreaterThan(0);
    await visit('/supporters', 'Supporters', 'supporters');
  });

  it('when a phone-sized visitor opens the data-heavy pages, then nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const route of ['/items', `/seasons/${ladder.seasonId}/leaderboard`, '/boundless-mutators', '/about']) {
      await open(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ route, overflow }).toEqual({ route, overflow: 0 });
    }
    await journey.screenshot(page, 'phone-items');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(visited.length).toBeGreaterThanOrEqual(28);
  });
});
