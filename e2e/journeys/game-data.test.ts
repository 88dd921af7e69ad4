import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';
import {
  accessToken,
  createListingOnceKnown,
  eventually,
  localSecret,
  logIn,
  settled,
  watchFailures,
} from '../support/session';

/**
 * Game names from the league's uploaded game files, end to end on prod: the admin uploads the real mod
 * database and text archives through the Files screen (`some.arz` as GrimLeagueS07.arz, the base game's
 * English text `some.arc` as GrimLeagueS07_Text_EN.arc, the German `some_german.arc` as Text_DE.arc), the
 * files service's worker publishes them, and then the stash, the trade search and the kill tracker show the
 * game's names. The real save player3 syncs holds none of the ten weapons the real database has, so player3
 * carries one of them, b203_scepter, into the cloud stash through the launcher's upload, as a save would.
 * The English archive is the base game's, without Forgotten Gods: in English those weapons are named by their
 * tag (the fallback: reader's language, English, tag) with the database's type, rarity and level; in German by
 * name. After this journey prod serves the real files; the next `npm start` or `npm test` uploads the demo's
 * own files again (tools/scripts/lib.mjs), and other journeys only rely on names both sets agree on.
 */

const FIXTURES = path.resolve(__dirname, '../../packages/gamefiles/test/fixtures/gd/data');
const UPLOADS = [
  { name: 'GrimLeagueS07.arz', fixture: 'some.arz' },
  { name: 'GrimLeagueS07_Text_EN.arc', fixture: 'some.arc' },
  { name: 'Text_DE.arc', fixture: 'some_german.arc' },
];
const TRADE_SEASON = 18;
const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';
const SCEPTER_TAG = 'tagGDX2WeaponCaster1hB203';
const SCEPTER_DE = 'Crimsons abscheuliches Zepter';

interface GameDataBranch {
  branch: 'prod' | 'beta';
  published: {
    inputs: Array<{ fileId: string; fileName: string }>;
    records: number;
    items: number;
    creatures: number;
    languages: string[];
    publishedAt: string;
  } | null;
  lastExtraction: { status: string; message: string | null } | null;
}

/** Prod's served files of these names, as they were before the journey (the demo's own), to be put back after it. */
interface Served {
  fileName: string;
  bytes: Buffer;
}

/** The admin's upload through the API (the Files screen's request without the screen): answers the file record. */
async function uploadFile(token: string, fileName: string, bytes: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fileName,
    branch: 'prod',
    kind: 'mod',
    modName: 'GrimLeagueS07',
  }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  let record = await api<{
    id: string;
    status: string;
    errorMessage: string | null;
  }>(token, 'POST', '/file?branch=prod', form);
  for (const until = Date.now() + 240_000; record.status === 'processing' && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 1_000));
    record = await api(token, 'GET', `/file/uploads/${record.id}`);
  }
  if (record.status !== 'ready') throw new Error(`${fileName}: ${record.status} ${record.errorMessage ?? ''}`);
  return record;
}

/** Waits until prod's published game data reads every one of these uploads. */
async function publishedWith(token: string, ids: string[], timeoutMs = 180_000): Promise<GameDataBranch> {
  let prod: GameDataBranch | undefined;
  await eventually(
    async () => {
      const status = await api<{ branches: GameDataBranch[] }>(token, 'GET', '/file/game-data');
      prod = status.branches.find((b) => b.branch === 'prod');
      const read = new Set((prod?.published?.inputs ?? []).map((i) => i.fileId));
      return ids.every((id) => read.has(id));
    },
    `prod's game data to read ${ids.join(', ')}`,
    timeoutMs,
  );
  return prod!;
}

interface Player {
  journey: Journey;
  page: Page;
  token: string;
  participantId: number;
  failed: string[];
}

/** A call with a bearer token and no cookies (the launcher's way), in a language when given. */
async function api<T>(token: string, method: string, route: string, body?: unknown, language?: string): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${BASE_URL}/api${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(language ? { 'Accept-Language': language } : {}),
      ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A demo player signed in, on Season 7 SC Trade (joined if not yet). */
async function signInPlayer(name: string): Promise<Player> {
  const journey = await launch(`game-data-${name}`);
  const page = await journey.newPage();
  const failed = watchFailures(page);
  await logIn(page, name, await localSecret('demo-password.txt'));
  const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
  const join = ladder.getByRole('button', { name: /^Join/ });
  await join
    .or(ladder.getByRole('link', { name: 'Trading Post' }))
    .first()
    .waitFor({ state: 'visible' });
  if (await join.isVisible()) await join.click();
  await ladder.getByRole('link', { name: 'Trading Post' }).waitFor({ state: 'visible' });
  const token = await accessToken(page);
  const profile = await api<{
    seasonParticipants: Array<{
      seasonId: number;
      seasonParticipantId: number;
    }>;
  }>(token, 'GET', '/season/profile?branch=prod');
  const participantId = profile.seasonParticipants.find((p) => p.seasonId === TRADE_SEASON)!.seasonParticipantId;
  return { journey, page, token, participantId, failed };
}

/** Chooses a language in the header's language menu (the site remembers it and sends it as Accept-Language). */
async function chooseLanguage(page: Page, label: string, code: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
  const menu = page.getByRole('menu', { name: 'Language' });
  await menu.getByRole('menuitemradio', { name: label }).click();
  await menu.waitFor({ state: 'hidden' });
  await page.waitForFunction((c) => document.cookie.split('; ').includes(`lang=${c}`), code);
}

/** The cells of a table's item rows, as text. */
async function rowsOf(page: Page, table: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: table })
    .getByTestId('item-row')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

/** Searches the stash browser on the page (the cloud stash or the trade search) and waits for its rows. */
async function search(page: Page, table: string, term: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Search' });
  await box.fill(term);
  await box.press('Enter');
  await page.getByRole('table', { name: table }).getByTestId('item-row').first().waitFor({ state: 'visible' });
}

describe('game data from the real game files', () => {
  let admin: { journey: Journey; page: Page; token: string };
  const before: Served[] = [];
  let player3: Player;
  let player1: Player;
  const alerts: string[] = [];

  beforeAll(async () => {
    const journey = await launch('game-data-admin');
    const page = await journey.newPage();
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await logIn(page, 'admin', await localSecret('admin-password.txt'));
    admin = { journey, page, token: await accessToken(page) };
  });

  afterAll(async () => {
    // Prod serves the demo's own database and English text again, as `npm start` left them, so the journeys
    // after this one see the league they expect (Text_DE.arc stays: nothing in the demo's data is named by it).
    if (admin && before.length) {
      const token = await accessToken(admin.page);
      const ids: string[] = [];
      for (const f of before) ids.push((await uploadFile(token, f.fileName, f.bytes)).id);
      await publishedWith(token, ids);
    }
    await admin?.journey.close();
    await player3?.journey.close();
    await player1?.journey.close();
    await axeSummary('game-data');
  });

  it('when the admin uploads the real .arz and text archives on prod, then each is processed and the worker publishes them', async () => {
    const { page, token } = admin;
    const served = await api<{
      modFiles: Array<{ fileName: string; downloadUrl: string }>;
    }>(token, 'GET', '/file/filenames?v=v1&branch=prod&region=us');
    const files = await Promise.all(
      UPLOADS.map(async (u) => ({ ...u, bytes: await readFile(path.join(FIXTURES, u.fixture)) })),
    );
    for (const f of served.modFiles) {
      const upload = files.find((u) => u.name === f.fileName && u.name !== 'Text_DE.arc');
      if (!upload) continue;
      const bytes = Buffer.from(await (await fetch(f.downloadUrl)).arrayBuffer());
      // A run cut short may have left the real file served: that is not put back.
      if (!bytes.equals(upload.bytes)) before.push({ fileName: f.fileName, bytes });
    }
    const startedAt = Date.now();
    await page.goto(appUrl('/admin/files/prod'));
    await page.getByRole('heading', { level: 1, name: 'League Mod Files - prod' }).waitFor({ state: 'visible' });
    await page.getByRole('grid', { name: 'Mod Files' }).waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/files/prod');

    await page
      .getByLabel('Choose mod files')
      .setInputFiles(files.map((u) => ({ name: u.name, mimeType: 'application/octet-stream', buffer: u.bytes })));
    const chosen = page.getByRole('list', { name: 'Upload mod files: chosen' });
    for (const u of UPLOADS) {
      await chosen
        .locator(`li[aria-label="${u.name}"]`)
        .getByRole('textbox', { name: 'Mod Name' })
        .fill('GrimLeagueS07');
    }
    await page.getByRole('region', { name: 'Upload mod files' }).getByRole('button', { name: 'Save' }).click();
    // Each file is validated by the worker (the whole German archive is 2.3 MB); on a loaded run it takes a while.
    for (const u of UPLOADS) {
      await chosen
        .locator(`li[aria-label="${u.name}"]`)
        .getByText('Processed')
        .waitFor({ state: 'visible', timeout: 240_000 });
    }
    expect(alerts).toEqual([]);
    const grid = page.getByRole('grid', { name: 'Mod Files' });
    for (const u of UPLOADS) await grid.getByRole('row', { name: new RegExp(u.name.replace('.', '\\.')) }).waitFor();

    // The worker reads the branch's served database and text archives and publishes one set.
    let prod: GameDataBranch | undefined;
    await eventually(
      async () => {
        const status = await api<{ branches: GameDataBranch[] }>(token, 'GET', '/file/game-data');
        prod = status.branches.find((b) => b.branch === 'prod');
        const p = prod?.published;
        return Boolean(
          p &&
          Date.parse(p.publishedAt) >= startedAt - 1_000 &&
          UPLOADS.every((u) => p.inputs.some((i) => i.fileName === u.name)),
        );
      },
      "prod's game data to read the uploads",
      180_000,
    );
    expect(prod!.published).toMatchObject({ records: 808, items: 10 });
    expect([...prod!.published!.languages].sort()).toEqual(['de', 'en']);
    expect(prod!.published!.creatures).toBeGreaterThan(1_600);

    // The Files screen's Game data panel shows the published set (it asks again while an extraction runs).
    const panel = page.getByRole('region', { name: 'Game data' });
    await page.reload();
    await panel.waitFor({ state: 'visible' });
    await panel.getByText('Text_DE.arc', { exact: false }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const text = await panel.innerText();
    expect(text).toContain('808');
    expect(text).toContain('Deutsch');
    for (const u of UPLOADS) expect(text).toContain(u.name);
    await expectAccessible(page, '/admin/files/prod, game data published');
    await admin.journey.screenshot(page, 'admin-game-data');
  }, 600_000);

  it("when player3 carries a weapon of the real database, then the stash shows the database's type, rarity and level, and the German name in German", async () => {
    player3 = await signInPlayer('player3');
    const { page, token, participantId } = player3;
    // Earlier runs' listings are taken down, so the weapon they held is back in the stash and is reused.
    const open = await api<Array<{ tradeListingId: number }>>(
      token,
      'GET',
      `/trade/participant/${participantId}/trade-listings?branch=prod`,
    );
    for (const l of open)
      await api(token, 'DELETE', `/trade/participant/${participantId}/trade-listing/${l.tradeListingId}?branch=prod`);
    const held = await api<{ items: Array<{ forTrade: boolean }> }>(
      token,
      'GET',
      `/season/participant/${participantId}/stash?transfer=false&page=1&pageSize=20&branch=prod&searchTerm=${encodeURIComponent(SCEPTER_DE)}`,
      undefined,
      'de',
    );
    if (!held.items.some((i) => !i.forTrade)) {
      // Through the launcher's upload route with the player's own token, as the launcher sends tab 6.
      await api(token, 'POST', `/season/participant/${participantId}/stash?branch=prod`, [
        {
          name: SCEPTER,
          prefix: '',
          suffix: '',
          modifier: '',
          illusion: '',
          component: '',
          completion: '',
          augment: '',
          itemSeed: Math.floor(Math.random() * 0xfffffff) + 1,
          componentSeed: 0,
          augmentSeed: 0,
          stackCount: 1,
        },
      ]);
    }

    // English (the browser's own language): the English archive has no Forgotten Gods text, so the name is
    // the tag; the type, level and rarity are the database's (without game data: Common, level 0, no type).
    await page.goto(appUrl('/profile/stash?st=1'));
    await page.getByRole('heading', { level: 1, name: /Cloud Stash$/ }).waitFor({ state: 'visible' });
    await search(page, 'Cloud Stash', SCEPTER_TAG);
    await settled(page, player3.failed);
    // Level Required, Rarity and Type of each of the player's scepters (Price is left out: one may still be listed).
    const facts = (cells: string[]) => [cells[1], cells[2], cells[4]];
    const english = (await rowsOf(page, 'Cloud Stash')).filter((cells) => cells[0]!.startsWith(SCEPTER_TAG));
    expect(english.length).toBeGreaterThan(0);
    expect(english.map(facts)).toEqual(english.map(() => ['1', 'Rare', 'Scepter']));
    await expectAccessible(page, 'cloud stash, English');
    await player3.journey.screenshot(page, 'stash-english');

    await chooseLanguage(page, 'Deutsch', 'de');
    await page.goto('about:blank');
    await page.goto(appUrl('/profile/stash?st=1'));
    await page.getByRole('heading', { level: 1, name: /Cloud Stash$/ }).waitFor({ state: 'visible' });
    await search(page, 'Cloud Stash', 'Zepter');
    await settled(page, player3.failed);
    const rows = await rowsOf(page, 'Cloud Stash');
    const german = rows.filter((cells) => cells[0]!.startsWith(SCEPTER_DE));
    expect(german.length).toBe(english.length);
    expect(german.map(facts)).toEqual(german.map(() => ['1', 'Rare', 'Scepter']));
    // Markers such as [ns] never reach the page, and no row of the search is a file name or a tag.
    expect(rows.filter((cells) => /\[[a-z]{2}\]|^tag|_scepter/.test(cells[0]!))).toEqual([]);
    await expectAccessible(page, 'cloud stash, German');
    await player3.journey.screenshot(page, 'stash-german');
  }, 300_000);

  it('when player3 lists the weapon, then another player finds it in the trade search by its German name', async () => {
    const { page } = player3;
    const table = page.getByRole('table', { name: 'Cloud Stash' });
    const row = table
      .getByTestId('item-row')
      .filter({ hasText: SCEPTER_DE })
      .filter({ hasNot: page.getByText('Listed', { exact: true }) })
      .first();
    await row.getByRole('button', { name: /^Trade / }).click();
    const dialog = page.getByRole('dialog', { name: 'List Item for Trade' });
    // The trading post learns a stash item from season's events a moment after the upload; until then the
    // dialog says so, and a player (and the journey) tries again.
    await createListingOnceKnown(dialog, dialog.getByText('Item not found in this stash'), 'the scepter', () =>
      expectAccessible(page, 'list item for trade dialog'),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A search excludes the searcher's own listings: player1 looks, in German.
    player1 = await signInPlayer('player1');
    await chooseLanguage(player1.page, 'Deutsch', 'de');
    await player1.page.goto('about:blank');
    await player1.page.goto(appUrl('/profile/trade-search?st=1&t=search'));
    await search(player1.page, 'Trade listings', SCEPTER_DE);
    await settled(player1.page, player1.failed);
    const found = (await rowsOf(player1.page, 'Trade listings')).filter((cells) => cells[5] === 'player3');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.slice(0, 5)).toEqual([SCEPTER_DE, '1', 'Rare', expect.any(String), 'Scepter']);
    await expectAccessible(player1.page, 'trade search, German');
    await player1.journey.screenshot(player1.page, 'trade-search-german');
  }, 300_000);

  it("when the kill tracker is read in English and in German, then the death seed's killers are the creatures' names", async () => {
    const latest = (await (await fetch(`${BASE_URL}/api/season/latest?branch=prod`)).json()) as Array<{
      seasonId: number;
      seasonTypeId: number;
      isBeta: boolean;
    }>;
    const hardcore = latest.find((s) => s.seasonTypeId === 2 && !s.isBeta)!;
    const killers = async (page: Page) => {
      await page.goto('about:blank');
      await page.goto(appUrl(`/seasons/${hardcore.seasonId}/kill-tracker`));
      await page.getByRole('heading', { level: 1, name: /Kill Tracker/ }).waitFor({ state: 'visible' });
      await page.getByRole('table', { name: 'Kill Tracker' }).waitFor({ state: 'visible' });
      await settled(page);
      return page.getByRole('table', { name: 'Kill Tracker' }).locator('tbody tr td:first-child').allInnerTexts();
    };

    // English (the admin's browser, no choice made): the base game's creatures are named; the expansions'
    // (Korvaak, the Eldritch wraith, the Wendigo) are in the German archive only and keep their tags.
    const english = await killers(admin.page);
    expect(english).toEqual(expect.arrayContaining(['Oldrakan Pald ~ Swift', 'Walking Dead', 'Chthonian Hungerer']));
    expect(english).not.toContain('tagHeroGhostH05');
    await expectAccessible(admin.page, 'kill tracker, English');
    await admin.journey.screenshot(admin.page, 'kill-tracker-english');

    const german = await killers(player3.page);
    expect(german).toEqual(
      expect.arrayContaining([
        'Manifestation von Korvaak, der übernatürlichen Sonne',
        'Übernatürlicher Geist ~ Uralt',
        'Zerstörer des Fleisches',
        'Oldrakan Pald ~ Schnell',
        'Wandelnder Toter',
      ]),
    );
    expect(german.filter((k) => k.startsWith('tag'))).toEqual([]);
    await expectAccessible(player3.page, 'kill tracker, German');
    await player3.journey.screenshot(player3.page, 'kill-tracker-german');
  }, 120_000);
});
