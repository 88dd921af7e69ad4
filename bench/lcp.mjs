// Largest Contentful Paint of the landing page and of a leaderboard in headless Chromium (Debian's
// chromium driven by playwright-core, as the e2e journeys do), against a running site: `npm start` serves it
// on http://127.0.0.1:8080 (BENCH_SITE_URL changes it; bench/run-all.mjs starts a site of its own when none
// answers). Each load is a fresh browser context (a first visit: empty cache, no cookies) on loopback with
// no throttling; a PerformanceObserver registered before any script of the page records every
// 'largest-contentful-paint' entry, and the last one once the page has settled (the leaderboard's rows
// shown, the network idle) is the load's LCP; for the leaderboard also when its rows first appeared. One
// unmeasured load per route warms the services' caches, then BENCH_LCP_LOADS (5) measured loads per
// route; prints and writes the median to bench/results/lcp.json.
// Goal (issue 19): <= 1.5 s each. Exit code 2 when the site does not answer or Chromium is missing.
//   node bench/lcp.mjs
/* global document, MutationObserver */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.BENCH_SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_LCP_LOADS ?? 5);
const SEASON = Number(process.env.BENCH_LCP_SEASON ?? 18);
const GOAL_MS = 1_500;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (v) => Math.round(v);

try {
  const res = await fetch(`${BASE}/ready`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`answered ${res.status}`);
} catch (err) {
  console.error(`lcp: the site does not answer at ${BASE}/ready (${err.message}): run \`npm start\` first`);
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`lcp: ${CHROMIUM} is missing: node e2e/scripts/ensure-chromium.mjs installs Debian's chromium`);
  process.exit(2);
}

// The leaderboard of the demo's Season 7 SC Trade ladder (id 18), or the latest one when it is not there.
const hasSeason = await fetch(`${BASE}/api/season/${SEASON}/leaderboard`).then(
  (r) => r.ok,
  () => false,
);
const leaderboardRoute = hasSeason ? `/seasons/${SEASON}/leaderboard` : '/leaderboard';
const ROUTES = [
  { name: 'landing', route: '/', ready: null },
  { name: 'leaderboard', route: leaderboardRoute, ready: 'table[aria-label="Leaderboard"] tbody tr' },
];

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});

/** One cold load of a route: its LCP (ms from navigation start), FCP and the LCP element. */
async function load({ route, ready }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript((selector) => {
      globalThis.__lcp = [];
      // When the page's own content (the leaderboard's rows) first appears, from navigation start.
      if (selector) {
        const seen = new MutationObserver(() => {
          if (document.querySelector(selector)) {
            globalThis.__ready = performance.now();
            seen.disconnect();
          }
        });
        seen.observe(document, { childList: true, subtree: true });
      }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          globalThis.__lcp.push({
            startTime: e.startTime,
            size: e.size,
            element: e.element
              ? `${e.element.tagName.toLowerCase()} "${(e.element.textContent ?? '').trim().slice(0, 40)}"`
              : e.url,
          });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }, ready);
    await page.goto(`${BASE}/#${route}`, { waitUntil: 'load', timeout: 60_000 });
    if (ready) await page.waitForSelector(ready, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(500); // a later, larger paint still counts
    const { entries, fcp, readyAt, errorShown } = await page.evaluate(() => ({
      entries: globalThis.__lcp,
      readyAt: globalThis.__ready,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      errorShown: document.querySelector('[role="dialog"]')?.textContent?.includes('Error') ?? false,
    }));
    if (!entries.length) throw new Error(`${route}: no largest-contentful-paint entry`);
    if (errorShown) throw new Error(`${route}: the page shows an Error dialog`);
    const last = entries[entries.length - 1];
    return { lcpMs: last.startTime, fcpMs: fcp, readyMs: readyAt, element: last.element, entries: entries.length };
  } finally {
    await context.close();
  }
}

const result = {
  benchmark: 'Largest Contentful Paint, headless Chromium, cold loads on loopback',
  baseUrl: BASE,
  chromium: browser.version(),
  loadsPerRoute: LOADS,
  goalMs: GOAL_MS,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg().map((l) => +l.toFixed(2)) },
  routes: [],
  at: new Date().toISOString(),
};
try {
  for (const r of ROUTES) {
    await load(r); // warm-up: the services' caches, not measured
    const loads = [];
    for (let i = 0; i < LOADS; i += 1) loads.push(await load(r));
    const row = {
      name: r.name,
      route: `/#${r.route}`,
      lcpMedianMs: round(median(loads.map((l) => l.lcpMs))),
      fcpMedianMs: round(median(loads.map((l) => l.fcpMs ?? NaN))),
      readyMedianMs: r.ready ? round(median(loads.map((l) => l.readyMs ?? NaN))) : undefined,
      lcpMs: loads.map((l) => round(l.lcpMs)),
      element: loads[loads.length - 1].element,
    };
    row.met = row.lcpMedianMs <= GOAL_MS;
    result.routes.push(row);
    console.log(
      `LCP ${r.name} (${row.route}): median ${row.lcpMedianMs} ms of ${LOADS} [${row.lcpMs.join(', ')}], FCP ${row.fcpMedianMs} ms${row.readyMedianMs === undefined ? '' : `, rows shown ${row.readyMedianMs} ms`}, element ${row.element} (goal <= ${GOAL_MS} ms: ${row.met ? 'met' : 'MISSED'})`,
    );
  }
} finally {
  await browser.close();
}
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'lcp.json'), `${JSON.stringify(result, null, 2)}\n`);
