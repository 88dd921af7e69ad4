// The cloud stash page with names from the game data (issue 32): the built season service on port 0 with a
// throwaway database and a files bucket prefix of its own, one participant holding BENCH_STASH_ITEMS (400)
// items uploaded through the launcher's API (base items with a prefix and a suffix on most, as a real stash
// holds them), then `GET /season/participant/{id}/stash` (page 1 of 50, sorted by name as the page asks)
// BENCH_REQUESTS (400) times at 1 and 4 in flight — first before any game data exists (the baseline in the
// same run: every name from the record table, the records' file names), then after a set the size of the
// real game's item records is published (BENCH_SET_ITEMS base items, 1/4 as many affixes, English and German
// text) as files publishes it (gzipped JSON in the service's own `<prefix>-prod` bucket, then the event's
// handler), and once more as a German reader. Goal: p95 with names resolved within 10 % of the baseline.
// Writes bench/results/stash-page.json. Needs the engines up and `tsc -b services/season`.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { start } = require('../services/season/dist/server.js');
const { seedDemo } = require('../services/season/dist/data/seed.js');
const { startTestIdentity } = require('../packages/platform/dist/testing.js');
const { ObjectStorage } = require('../packages/platform/dist/index.js');

const ITEMS = Number(process.env.BENCH_STASH_ITEMS ?? 400);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SET_ITEMS = Number(process.env.BENCH_SET_ITEMS ?? 30_000);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const GOAL_RATIO = 1.1;
const SEASON_ID = 18;
const TYPES = [
  ['WeaponMelee_Sword', 'swords1h'],
  ['WeaponHunting_Ranged2h', 'guns2h'],
  ['ArmorProtective_Head', 'gearhead'],
  ['ArmorProtective_Chest', 'geartorso'],
  ['ArmorJewelry_Ring', 'rings'],
  ['ArmorJewelry_Amulet', 'amulets'],
  ['WeaponArmor_Shield', 'shields'],
  ['ArmorProtective_Feet', 'gearfeet'],
];
const RARITIES = ['Magical', 'Rare', 'Epic', 'Legendary'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (v) => Math.round(v * 100) / 100;
const itemRecord = (i) => `records/items/bench/${TYPES[i % TYPES.length][1]}/b${String(i).padStart(6, '0')}.dbr`;
const affixRecord = (kind, i) => `records/items/lootaffixes/${kind}/bench_${kind}_${String(i).padStart(5, '0')}.dbr`;

/** A GameDataSet (packages/gamefiles game-data.ts) of `n` items, n/4 affixes, and their English and German text. */
function gameDataSet(n) {
  const en = { tagItemNameOrder: '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}' };
  const de = { tagItemNameOrder: '{%_3a0}{%_3a1}{%_3a2}{%_s3}{%_s4}' };
  const items = Array.from({ length: n }, (_, i) => {
    const [cls] = TYPES[i % TYPES.length];
    en[`tagBenchItem${i}`] = `Benchmark Item ${i}`;
    de[`tagBenchItem${i}`] = `Prüfgegenstand ${i}`;
    return {
      record: itemRecord(i),
      class: cls,
      itemType: null,
      itemTypeId: null,
      rarity: RARITIES[i % RARITIES.length],
      levelRequirement: 1 + (i % 100),
      style: null,
      nameTag: `tagBenchItem${i}`,
      qualityTag: null,
      styleTag: null,
      set: null,
    };
  });
  const affixes = [];
  for (const kind of ['prefix', 'suffix'])
    for (let i = 0; i < n / 8; i += 1) {
      const tag = `tagBench_${kind}_${i}`;
      en[tag] = kind === 'prefix' ? `Keen${i}` : `of Speed ${i}`;
      de[tag] = kind === 'prefix' ? `Scharf${i}` : `der Eile ${i}`;
      affixes.push({
        record: affixRecord(kind, i),
        kind,
        nameTag: tag,
        rarity: i % 3 ? 'Magical' : 'Rare',
        levelRequirement: i % 90,
      });
    }
  return {
    version: 1,
    items,
    affixes,
    sets: [],
    creatures: [],
    texts: [
      { language: 'en', tags: en, genders: {}, forms: {} },
      { language: 'de', tags: de, genders: {}, forms: {} },
    ],
    stats: {
      records: n + affixes.length,
      recordsDecoded: n + affixes.length,
      items: n,
      affixes: affixes.length,
      sets: 0,
      creatures: 0,
      languages: ['de', 'en'],
      problems: [],
      problemCount: 0,
    },
  };
}

/** The launcher's item JSON of stash item `i`: one of the set's items, most with a prefix and a suffix. */
function launcherItem(i) {
  const pick = (i * 7919) % SET_ITEMS;
  const affixes = SET_ITEMS / 8;
  return {
    name: itemRecord(pick),
    prefix: i % 5 ? affixRecord('prefix', (i * 31) % affixes) : '',
    suffix: i % 3 ? affixRecord('suffix', (i * 17) % affixes) : '',
    modifier: '',
    illusion: '',
    component: '',
    completion: '',
    augment: '',
    itemSeed: 1000 + i,
    componentSeed: 0,
    augmentSeed: 0,
    stackCount: 1,
  };
}

function get(agent, port, urlPath, headers) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent, headers: { 'accept-encoding': 'gzip', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function pass(svc, urlPath, headers, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  for (let i = 0; i < 20; i += 1) await get(agent, svc.port, urlPath, headers); // warm-up
  const ms = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const r = await get(agent, svc.port, urlPath, headers);
        if (r.status !== 200) failures += 1;
        ms.push(r.ms);
      }
    }),
  );
  agent.destroy();
  ms.sort((a, b) => a - b);
  return {
    concurrency,
    requests: REQUESTS,
    failures,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
  };
}

const tag = randomUUID().slice(0, 8);
const bucketPrefix = `bench-stash-${tag}`;
const identity = await startTestIdentity();
const svc = await start({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  MONGO_DB: `bench-stash-${tag}`,
  SEASON_CONSUMER_GROUP: `bench-stash-${tag}`,
  SEASON_STASH_FROM_BEGINNING: '0',
  FILES_BUCKET_PREFIX: bucketPrefix,
  JWKS_URL: identity.jwksUrl,
});
const storage = new ObjectStorage({
  endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
  accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
  secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
});
const bucket = `${bucketPrefix}-prod`;
try {
  await seedDemo(svc.mongo, { season7StartsNow: true, participantsPerLadder: 0 });
  await svc.ctx.seasons?.changed();
  const username = `benchstash${tag}`;
  const token = await identity.token({ username, roles: ['supporter_s7'] });
  const auth = { authorization: `Bearer ${token}` };
  const joined = await fetch(`${svc.url}/season/${SEASON_ID}/add-participant/${username}?branch=prod`, {
    method: 'POST',
    headers: auth,
  }).then((r) => r.json());
  const pid = joined.seasonParticipantId;
  for (let at = 0; at < ITEMS; at += 100) {
    const batch = Array.from({ length: Math.min(100, ITEMS - at) }, (_, j) => launcherItem(at + j));
    const res = await fetch(`${svc.url}/season/participant/${pid}/stash?branch=prod`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
  const urlPath = `/season/participant/${pid}/stash?branch=prod&page=1&pageSize=50`;
  const first = await fetch(`${svc.url}${urlPath}`, { headers: auth }).then((r) => r.json());
  if (first.itemCount !== ITEMS) throw new Error(`the stash holds ${first.itemCount} items, not ${ITEMS}`);

  const baseline = [];
  for (const c of CONCURRENCY) baseline.push(await pass(svc, urlPath, auth, c));

  const set = gameDataSet(SET_ITEMS);
  const body = gzipSync(JSON.stringify(set));
  await storage.ensureBucket(bucket);
  await storage.putStream(bucket, 'game-data/v1.json.gz', body, body.length);
  const publishStarted = Date.now();
  await svc.ctx.gameData.onPublished({
    branch: 'prod',
    version: 1,
    bucket,
    objectKey: 'game-data/v1.json.gz',
    sha256: createHash('sha256').update(body).digest('hex'),
    size: body.length,
    inputs: [],
    records: set.stats.records,
    items: set.stats.items,
    affixes: set.stats.affixes,
    creatures: 0,
    languages: set.stats.languages,
    publishedAt: new Date().toISOString(),
  });
  const loadMs = Date.now() - publishStarted;
  const named = await fetch(`${svc.url}${urlPath}`, { headers: auth }).then((r) => r.json());
  const shown = named.items[0]?.baseItem.itemDbrTag.name ?? '';
  if (!shown.startsWith('Benchmark Item')) throw new Error(`the stash is not named from the set: '${shown}'`);

  const resolved = [];
  for (const c of CONCURRENCY) resolved.push(await pass(svc, urlPath, auth, c));
  const german = [];
  for (const c of CONCURRENCY) german.push(await pass(svc, urlPath, { ...auth, 'accept-language': 'de' }, c));

  const result = {
    machine: { cores: os.cpus().length, model: os.cpus()[0]?.model },
    stashItems: ITEMS,
    pageSize: 50,
    set: { items: SET_ITEMS, affixes: set.affixes.length, gzippedMb: round(body.length / 2 ** 20), loadMs },
    baseline,
    resolved,
    german,
    ratios: CONCURRENCY.map((c, i) => ({
      concurrency: c,
      resolved: round(resolved[i].p95Ms / baseline[i].p95Ms),
      german: round(german[i].p95Ms / baseline[i].p95Ms),
    })),
    goal: `p95 with names resolved <= ${GOAL_RATIO} x the baseline`,
  };
  result.pass = result.ratios.every((r) => r.resolved <= GOAL_RATIO && r.german <= GOAL_RATIO);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'stash-page.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [name, rows] of [
    ['table only', baseline],
    ['named (en)', resolved],
    ['named (de)', german],
  ])
    for (const r of rows)
      console.log(
        `stash page ${name}, ${r.concurrency} in flight: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms (${r.failures} failed)`,
      );
  console.log(`set of ${SET_ITEMS} items loaded in ${loadMs} ms; ratios ${JSON.stringify(result.ratios)}`);
  if (!result.pass) process.exitCode = 1;
} finally {
  for (const o of await storage.list(bucket).catch(() => [])) await storage.remove(bucket, o.key);
  await storage.client.removeBucket(bucket).catch(() => undefined);
  await svc.mongo.dropDatabase().catch(() => undefined);
  await svc.stop();
  await identity.close();
}
process.exit();
