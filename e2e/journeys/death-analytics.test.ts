import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';

/**
 * The hardcore death analytics against the demo league `npm start` seeds (the season seed records a few
 * deaths on the Season 7 hardcore ladder through the upload use case): from the kill tracker to the
 * analytics page, whose ranked table, level-band chart and per-class view must show the API's numbers.
 * Screenshots go to e2e/output/death-analytics/.
 */

interface Season {
  seasonId: number;
  seasonTypeId: number;
  isBeta: boolean;
  displayName: string;
}
interface Analytics {
  totalDeaths: number;
  killers: Array<{ rank: number; killedBy: string; deaths: number }>;
  levelBands: Array<{ band: string; deaths: number }>;
  classes: Array<{ className: string; deaths: number; deadliestKiller: { killedBy: string } }>;
}

async function api<T>(route: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${BASE_URL}/api${route}`);
  return { status: res.status, body: (await res.json()) as T };
}

/** API answers of 400 and above since the page was opened, for the error message. */
const failedCalls: string[] = [];

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

/** The cells of a table's body rows, as text. */
async function rowsOf(page: Page, table: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

describe('hardcore death analytics', () => {
  let journey: Journey;
  let page: Page;
  let hardcore: Season;
  let trade: Season;
  let analytics: Analytics;

  beforeAll(async () => {
    const latest = await api<Season[]>('/season/latest?branch=prod');
    hardcore = latest.body.find((s) => s.seasonTypeId === 2 && !s.isBeta)!;
    trade = latest.body.find((s) => s.seasonTypeId === 1 && !s.isBeta)!;
    analytics = (await api<Analytics>(`/season/${hardcore.seasonId}/death-analytics?branch=prod`)).body;
    journey = await launch('death-analytics');
    page = await journey.newPage();
    page.on('response', (res) => {
      if (res.status() >= 400 && res.url().includes('/api/')) failedCalls.push(`${res.status()} ${res.url()}`);
    });
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('death-analytics');
  });

  it('when the demo league is seeded, then its hardcore ladder has deaths and a trade ladder is refused', async () => {
    expect(hardcore).toBeDefined();
    expect(analytics.totalDeaths).toBeGreaterThan(0);
    expect(analytics.killers.length).toBeGreaterThan(0);
    const refused = await api<{ message: string }>(`/season/${trade.seasonId}/death-analytics`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/hardcore/);
  });

  it('when a visitor goes from the kill tracker to the death analytics, then the ranking, the band chart and the classes show the recorded deaths', async () => {
    failedCalls.length = 0;
    await page.goto(appUrl(`/seasons/${hardcore.seasonId}/kill-tracker`));
    await page.getByRole('heading', { level: 1, name: /Kill Tracker/ }).waitFor({ state: 'visible' });
    await settled(page);
    await expectAccessible(page, 'kill tracker');
    await page.getByRole('link', { name: 'Death Analytics' }).click();

    await page.getByRole('heading', { level: 1, name: /Death Analytics/ }).waitFor({ state: 'visible' });
    await page.getByRole('table', { name: 'Killers by deaths' }).waitFor({ state: 'visible' });
    await settled(page);
    expect(page.url()).toContain(`#/seasons/${hardcore.seasonId}/death-analytics`);

    expect(await rowsOf(page, 'Killers by deaths')).toEqual(
      analytics.killers.map((k) => [String(k.rank), k.killedBy, String(k.deaths)]),
    );
    const bands = await rowsOf(page, 'Deaths by level band and difficulty');
    expect(bands.slice(0, analytics.levelBands.length).map((r) => [r[0], r[r.length - 1]])).toEqual(
      analytics.levelBands.map((b) => [b.band, String(b.deaths)]),
    );
    // The chart draws one bar rectangle per band and difficulty with deaths in it.
    const chart = page.getByRole('img', { name: 'Bar chart of deaths by level band and difficulty' });
    await chart.locator('svg').first().waitFor({ state: 'visible' });
    expect(await chart.locator('svg [class*="MuiBarElement-root"]').count()).toBeGreaterThan(0);
    expect(await rowsOf(page, 'Deadliest killer per class')).toEqual(
      analytics.classes.map((c) => [c.className, String(c.deaths), expect.any(String), expect.any(String)]),
    );
    expect((await rowsOf(page, 'Deadliest killer per class')).map((r) => r[2])).toEqual(
      analytics.classes.map((c) => c.deadliestKiller.killedBy),
    );
    await expectAccessible(page, 'death analytics');
    await journey.screenshot(page, 'death-analytics');
  });
});
