// Builds the main pages' styles ahead of time (see src/app/emotion-cache.ts): opens each page of the running
// site (`npm start`, http://127.0.0.1:8080; STYLES_SITE_URL changes it) in Debian's Chromium (CHROME_PATH),
// at a phone's width and at a desktop's, records every rule MUI's emotion inserts while the page loads and
// renders its data, and writes them per group to src/styles/prebuilt/<group>.css, their names to
// <group>.json, and <group>.ts, which imports that stylesheet and marks those names as inserted. Run it after a change to what those pages
// render, then build the frontend again. A style changed since the last run has a new name (a hash of the
// style) and is compiled at runtime as before: an old collection costs speed, never looks.
//   node frontend/scripts/collect-styles.mjs      (needs the bench workspace's puppeteer-core: npm install)
/* global document, window, CSSStyleSheet */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const out = path.resolve(here, '../src/styles/prebuilt');
const BASE = (process.env.STYLES_SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VIEWPORTS = [
  { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { width: 1350, height: 940 },
];

const items = await fetch(`${BASE}/api/season/items`).then((r) => (r.ok ? r.json() : []));
if (!items.length) throw new Error(`${BASE} has no catalogue: run \`npm start\` (it seeds the demo) first`);
const password = readFileSync(path.join(root, '.local', 'demo-password.txt'), 'utf8').trim();

// The shell's group comes with the app's entry (main.tsx), so every page has it: the landing page, with the
// header as a visitor and as a signed-in player see it. Each page's group holds what its pages add to the
// shell, and comes with the page's chunk (the module that imports <group>.ts); what two page groups share is
// in the 'pages' group, which both import.
const GROUPS = [
  { name: 'shell', routes: ['/'], importer: 'main.tsx', sessions: ['visitor', 'player'] },
  { name: 'leaderboard', routes: ['/seasons/18/leaderboard'], importer: 'leaderboard-page.tsx', sessions: ['visitor'] },
  { name: 'item', routes: [`/item/${items[0].itemId}`], importer: 'item-detail-page.tsx', sessions: ['visitor'] },
  {
    name: 'stash',
    routes: ['/profile/stash?st=1', '/profile/trade-search?st=1&t=search'],
    importer: 'stash-page.tsx',
    sessions: ['player'],
  },
];

/** The emotion name a rule belongs to: `css-<name>` in its selector, or a keyframes' `animation-<hash>`. */
function nameOf(rule) {
  const m = /^@(?:-webkit-)?keyframes (animation-[a-z0-9]+)/.exec(rule) ?? /\.css-([a-z0-9]+(?:-[\w-]+)?)/.exec(rule);
  return m?.[1];
}

const browser = await puppeteer.launch({
  executablePath: CHROME,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  // Every rule emotion's sheet receives, as stylis wrote it (vendor prefixes included: the browser's own
  // serialisation would drop those it does not use).
  // The prebuilt styles are switched off (src/app/emotion-cache.ts), so that emotion inserts every one.
  await page.evaluateOnNewDocument(() => {
    window.__leagueRuntimeStyles = true;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    window.__emotionRules = [];
    CSSStyleSheet.prototype.insertRule = function (rule, index) {
      if (this.ownerNode?.getAttribute('data-emotion') === 'css') window.__emotionRules.push(rule);
      return insertRule.call(this, rule, index);
    };
  });
  await page.goto(`${BASE}/#/login`, { waitUntil: 'load' });
  await page.locator('input[autocomplete="username"]').fill('player1');
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.cookie.includes('authToken='), { timeout: 60_000 });
  const session = await page.cookies();

  /** The rules emotion inserts while `route` opens (a new document) and renders its data. */
  const rulesOf = async (route, viewport, who) => {
    if (who === 'player') await page.setCookie(...session);
    else await page.deleteCookie(...(await page.cookies()));
    await page.setViewport(viewport);
    await page.goto('about:blank');
    await page.goto(`${BASE}/#${route}`, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return page.evaluate(() => window.__emotionRules);
  };

  // name -> its rules in the order emotion inserted them, per group
  const collected = new Map();
  for (const group of GROUPS) {
    const rules = new Map();
    for (const viewport of VIEWPORTS) {
      for (const who of group.sessions) {
        for (const route of group.routes) {
          for (const rule of await rulesOf(route, viewport, who)) {
            const name = nameOf(rule);
            if (!name) throw new Error(`a rule with no emotion name: ${rule.slice(0, 120)}`);
            if (collected.get('shell')?.has(name)) continue;
            if (!rules.has(name)) rules.set(name, []);
            if (!rules.get(name).includes(rule)) rules.get(name).push(rule);
          }
        }
      }
    }
    collected.set(group.name, rules);
  }

  // A style two page groups use goes to the 'pages' group, which each page group's module imports: no rule
  // is shipped twice, and a page opened from outside still gets all it uses with its chunk.
  const pageGroups = GROUPS.filter((g) => g.name !== 'shell');
  const shared = new Map();
  for (const group of pageGroups) {
    for (const [name, rules] of collected.get(group.name)) {
      if (shared.has(name)) continue;
      const users = pageGroups.filter((g) => collected.get(g.name).has(name));
      if (users.length > 1) shared.set(name, rules);
    }
  }
  for (const group of pageGroups) for (const name of shared.keys()) collected.get(group.name).delete(name);

  const write = (name, rules, header, imports = []) => {
    const css = [...rules.values()].flat().join('\n');
    writeFileSync(path.join(out, `${name}.css`), `${css}\n`);
    writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify([...rules.keys()], null, 2)}\n`);
    const ts = [
      ...header.map((line) => `// ${line}`),
      ...imports.map((module) => `import '${module}';`),
      `import './${name}.css';`,
      `import names from './${name}.json';`,
      `import { markStylesInserted } from '@/app/emotion-cache';`,
      '',
      'markStylesInserted(names);',
      '',
    ].join('\n');
    writeFileSync(path.join(out, `${name}.ts`), ts);
    console.log(`${name}: ${rules.size} styles, ${css.length} bytes of CSS`);
  };
  const written = 'Written by frontend/scripts/collect-styles.mjs; do not edit.';
  write('shell', collected.get('shell'), [
    written,
    "Imported by main.tsx: the styles of the landing page (a visitor's and a player's header)",
    "at a phone's and a desktop's width.",
  ]);
  write('pages', shared, [written, "Imported by the page groups: the styles (beyond the shell's) two of them use."]);
  for (const group of pageGroups) {
    write(
      group.name,
      collected.get(group.name),
      [
        written,
        `Imported by ${group.importer}: the styles (beyond the shell's and the pages') of`,
        `${group.routes.join(' ')} at a phone's and a desktop's width.`,
      ],
      ['./pages'],
    );
  }
} finally {
  await browser.close();
}
