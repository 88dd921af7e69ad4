// The trading post on FerretDB: GET /trade/trade-search p95 at 10,000 and then 100,000 open listings
// (5,000 participants in one season, the searcher blocking 20 and blocked by 20, 10 filter mixes), each
// request through HTTP, the route's schema, authentication and trade.search (the searcher and the blocks
// read from the store) to the service's own SearchIndex; then the same criteria straight on that index (its
// share); then the settlement saga end to end (buyout → trade.settlement-requested.v1 → a stand-in for
// season that answers season.settlement-completed.v1 → the listing closed), and its baseline in the same run:
// a single Kafka round trip (kafkajs produce → consume on a throwaway one-partition topic, deleted at the
// end), as many times as there are settlements. Boots the built trade service on
// port 0 against a throwaway database (dropped at the end), trusting a throwaway JWKS. Writes
// bench/results/trade-search.json. Needs the engines up and `npx tsc -b services/trade`.
//
// Names resolved (issue 32; BENCH_GAME_DATA=0 turns it off): the listings are stored as season sent them
// before any game data existed (the record's file name, Common, level 0, no type), and a game-data set is
// published as files publishes it (gzipped JSON in the service's `<prefix>-prod` bucket, then the event's
// handler): every listing's base item (one record per listing: as many items as the largest size), its
// affixes and a set, named in English and German. The set holds exactly the facts the stored listings had
// before this change (the same draws), so every search answers the same hits with names from the set. Each
// size also times publishing the set again (fetch, parse, GameNames, the index renamed in place), and a
// pass as a German reader (`Accept-Language: de`: the page's listings named in German per request).
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchKafka, startTradeService } from './trade-service.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { buildEnvelope, ObjectStorage } = require('../packages/platform/dist/index.js');
const {
  settlementCompletedV1,
  settlementRequestedV1,
  tradeSearchQuery,
  CURRENCY_NAMES,
  STASH_ITEM_TYPES,
} = require('../packages/contracts/dist/index.js');

const SIZES = (process.env.BENCH_LISTINGS ?? '10000,100000').split(',').map(Number);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const SETTLEMENTS = Number(process.env.BENCH_SETTLEMENTS ?? 50);
const SETTLEMENT_TIMEOUT_MS = Number(process.env.BENCH_SETTLEMENT_TIMEOUT_MS ?? 30_000);
const GAME_DATA = process.env.BENCH_GAME_DATA !== '0';
/** Requests per mix of the German reader's pass. */
const REQUESTS_DE = Math.max(10, Math.ceil(REQUESTS / 5));
const base = randomInt(100_000_000, 1_500_000_000);
const SEASON = base;
const participantId = (i) => base + 1 + i;
// Stash item ids of their own too: trade's read models follow season's shared topics, and a stash item event
// of another run for an item id the bench's listings hold would cancel that listing in the middle of a run.
const itemId = (listingId) => base + 10_000_000 + listingId;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (v) => Math.round(v * 100) / 100;
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    n: s.length,
    p50Ms: round(percentile(s, 50)),
    p95Ms: round(percentile(s, 95)),
    maxMs: round(s[s.length - 1]),
  };
};

// Realistic listings: names built as season builds them ([prefix, base, suffix] joined by spaces) from
// thousands of combinations, the real stat tags of the stat filter catalogue, rarities weighted as a trade
// league's stash holds them (few Legendary, many Magical and Rare), levels skewed to the end game; every
// fact drawn from a generator seeded by the listing's position, so each run builds the same data.
const STAT_TAGS = JSON.parse(
  readFileSync(path.join(here, '../services/season/data/catalogue/stat-filters.json'), 'utf8'),
)
  .filter(([category]) => category !== 'Trading' && category !== 'Set Item')
  .flatMap(([, stats]) => stats.map(([tag]) => tag));
const RARITIES = [
  ['Common', 10],
  ['Magical', 35],
  ['Rare', 25],
  ['Epic', 18],
  ['Legendary', 12],
];
const BASE_WORDS = [
  'Storm',
  'Frost',
  'Blood',
  'Aether',
  'Chaos',
  'Iron',
  'Void',
  'Ember',
  'Venom',
  'Gale',
  'Dread',
  'Sun',
];
const BASE_NOUNS = [
  'Sword',
  'Axe',
  'Mace',
  'Scepter',
  'Pistol',
  'Rifle',
  'Shield',
  'Focus',
  'Coat',
  'Helm',
  'Pauldrons',
  'Gauntlets',
  'Legguards',
  'Boots',
  'Belt',
  'Ring',
  'Amulet',
  'Medal',
  'Greathelm',
  'Claymore',
  'Spear',
  'Mantle',
];
const PREFIXES = [
  'Fortified',
  'Scorching',
  "Warlord's",
  'Grim',
  'Abyssal',
  'Arcing',
  'Chilling',
  'Vile',
  'Brutal',
  'Stalwart',
  'Mystical',
  'Ravenous',
  'Searing',
  'Jagged',
  'Hallowed',
  'Tainted',
  'Veteran',
  "Sorcerer's",
  'Vicious',
  'Rugged',
];
const SUFFIXES = [
  'of Ruin',
  'of the Bear',
  'of Alacrity',
  'of the Frostfell',
  'of Annihilation',
  'of Kings',
  'of the Storm',
  'of Decay',
  'of the Tempest',
  'of Readiness',
  'of Valor',
  'of the Rift',
  'of Flames',
  'of the Outlands',
  'of Ascension',
  'of the Wolf',
  'of Potency',
  'of Ice',
  'of the Harvest',
  'of Arcane Fire',
];
// The same words in German, for the set's German text (no German word holds an English search term of
// another item, so the German names add no hits to the English mixes).
const BASE_WORDS_DE = [
  'Sturm',
  'Frost',
  'Blut',
  'Äther',
  'Chaos',
  'Eisen',
  'Leere',
  'Glut',
  'Gift',
  'Böen',
  'Grauen',
  'Sonnen',
];
const BASE_NOUNS_DE = [
  'Schwert',
  'Axt',
  'Streitkolben',
  'Zepter',
  'Pistole',
  'Gewehr',
  'Schild',
  'Fokus',
  'Mantel',
  'Helm',
  'Schulterstücke',
  'Panzerhandschuhe',
  'Beinschützer',
  'Stiefel',
  'Gürtel',
  'Ring',
  'Amulett',
  'Orden',
  'Großhelm',
  'Zweihänder',
  'Speer',
  'Umhang',
];
const PREFIXES_DE = [
  'Befestigter',
  'Sengender',
  'Kriegsherren-',
  'Grimmiger',
  'Abgründiger',
  'Überschlagender',
  'Kühlender',
  'Abscheulicher',
  'Brutaler',
  'Standhafter',
  'Mystischer',
  'Gieriger',
  'Glühender',
  'Gezackter',
  'Geheiligter',
  'Verdorbener',
  'Erprobter',
  'Zauberer-',
  'Bösartiger',
  'Robuster',
];
const SUFFIXES_DE = [
  'des Ruins',
  'des Bären',
  'der Eile',
  'des Frostfalls',
  'der Vernichtung',
  'der Könige',
  'des Sturms',
  'des Verfalls',
  'des Unwetters',
  'der Bereitschaft',
  'der Tapferkeit',
  'des Risses',
  'der Flammen',
  'der Außenlande',
  'des Aufstiegs',
  'des Wolfs',
  'der Wirksamkeit',
  'des Eises',
  'der Ernte',
  'des arkanen Feuers',
];

function generator(seed) {
  let a = (seed * 2654435761) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)] };
}
function weighted(g, table) {
  let r = g.next() * table.reduce((n, [, w]) => n + w, 0);
  for (const [v, w] of table) if ((r -= w) < 0) return v;
  return table[table.length - 1][0];
}

/** The facts of the listing at position `i`, drawn from its own generator (the same every run). */
function draw(i) {
  const g = generator(i + 1);
  const itemTypeId = g.int(38);
  const rarity = weighted(g, RARITIES);
  const level = g.next() < 0.6 ? 70 + g.int(31) : 1 + g.int(69);
  const word = g.int(BASE_WORDS.length);
  const bane = g.next() < 0.5;
  const noun = g.int(BASE_NOUNS.length);
  // Epic and Legendary items have no affixes; some of them belong to a set.
  const unique = rarity === 'Epic' || rarity === 'Legendary';
  const affix = (count) =>
    !unique && g.next() < 0.5
      ? {
          index: g.int(count),
          rarity: g.next() < 0.3 ? 'Rare' : 'Magical',
          levelRequirement: 1 + g.int(level),
        }
      : null;
  const prefix = affix(PREFIXES.length);
  const suffix = affix(SUFFIXES.length);
  const set = unique && g.next() < 0.3;
  const statTags = [...new Set(Array.from({ length: 1 + g.int(4) }, () => g.pick(STAT_TAGS)))];
  if (set) statTags.push('setItem');
  const owner = g.int(PARTICIPANTS);
  return { itemTypeId, rarity, level, word, bane, noun, prefix, suffix, set, statTags, owner };
}

const baseName = (f, words = BASE_WORDS, nouns = BASE_NOUNS, bane = 'bane') =>
  `${words[f.word]}${f.bane ? bane : ''} ${nouns[f.noun]}`;
const baseRecord = (i) => `records/items/bench/b${i}.dbr`;
const affixRecord = (kind, a) =>
  `records/items/lootaffixes/${kind}/bench_${a.index}_${a.rarity}_${a.levelRequirement}.dbr`;
const fileName = (record) => record.split('/').pop().replace('.dbr', '');

/**
 * The listing at position `i`: without game data, named as season's own table named it (name, rarity, type,
 * level); with it, as season sent it before any game data existed (the records' file names, Common, level
 * 0, no type), its real facts left to the published set.
 */
function listingDoc(id, i) {
  const f = draw(i);
  const { itemTypeId, rarity, level, set, statTags, owner } = f;
  const base = baseName(f);
  let itemDisplay;
  let name;
  let rarityFilter;
  let records = { record: `records/items/bench/${i % 500}.dbr`, prefixRecord: '', suffixRecord: '' };
  if (!GAME_DATA) {
    const affix = (a, names) =>
      a ? { itemDbrTag: { name: names[a.index] }, rarity: a.rarity, levelRequirement: a.levelRequirement } : null;
    const prefix = affix(f.prefix, PREFIXES);
    const suffix = affix(f.suffix, SUFFIXES);
    itemDisplay = {
      baseItem: { itemDbrTag: { name: base }, rarity, style: null, itemTypeId, levelRequirement: level },
      prefix,
      suffix,
      itemType: 'Ring',
    };
    name = [prefix?.itemDbrTag.name, `${base}${set ? ' (S)' : ''}`, suffix?.itemDbrTag.name].filter(Boolean).join(' ');
  } else {
    records = {
      record: baseRecord(i),
      prefixRecord: f.prefix ? affixRecord('prefix', f.prefix) : '',
      suffixRecord: f.suffix ? affixRecord('suffix', f.suffix) : '',
    };
    const affix = (r) => (r ? { itemDbrTag: { name: fileName(r) }, rarity: 'Magical', levelRequirement: 0 } : null);
    const prefix = affix(records.prefixRecord);
    const suffix = affix(records.suffixRecord);
    const file = fileName(records.record);
    itemDisplay = {
      baseItem: { itemDbrTag: { name: file }, rarity: 'Common', style: null, itemTypeId: null, levelRequirement: 0 },
      prefix,
      suffix,
      itemType: '',
    };
    name = [prefix?.itemDbrTag.name, file, suffix?.itemDbrTag.name].filter(Boolean).join(' ');
    rarityFilter = prefix || suffix ? 'Magical' : 'Common';
  }
  return {
    _id: id,
    seasonId: SEASON,
    isBeta: false,
    seasonParticipantId: participantId(owner),
    owner: `bench${owner}`,
    participantItemId: itemId(id),
    count: 1,
    maxCount: 1,
    askingCurrency: i % 3 ? CURRENCY_NAMES[i % 27] : null,
    askingPrice: i % 3 ? 1 + (i % 90) : null,
    sellerComment: i % 5 ? null : 'fair offers welcome',
    itemDisplay,
    itemName: name,
    statTags,
    ...(rarityFilter ? { rarityFilter } : {}),
    ...records,
    state: 'open',
    settlement: null,
    closedReason: null,
    createdOn: new Date(),
    updatedOn: new Date(),
    outbox: [],
    appliedEvents: [],
  };
}

/**
 * The published set for the first `n` listings: each one's base item (its type, rarity, level and set), the
 * affixes they use and the sets, with English and German text (one name tag per distinct name).
 */
function gameDataSet(n) {
  const items = [];
  const affixes = new Map();
  const sets = new Map();
  const en = { tagItemNameOrder: '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}' };
  const de = { tagItemNameOrder: '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}' };
  for (let i = 0; i < n; i += 1) {
    const f = draw(i);
    const nameTag = `tagBenchItem_${f.word}_${f.bane ? 1 : 0}_${f.noun}`;
    en[nameTag] = baseName(f);
    de[nameTag] = baseName(f, BASE_WORDS_DE, BASE_NOUNS_DE, 'fluch');
    const setRecord = f.set ? `records/items/bench/sets/set_${f.word}.dbr` : null;
    if (setRecord && !sets.has(setRecord)) {
      sets.set(setRecord, { record: setRecord, nameTag: `tagBenchSet_${f.word}`, members: [] });
      en[`tagBenchSet_${f.word}`] = `${BASE_WORDS[f.word]} Regalia`;
      de[`tagBenchSet_${f.word}`] = `${BASE_WORDS_DE[f.word]}-Ornat`;
    }
    if (setRecord) sets.get(setRecord).members.push(baseRecord(i));
    items.push({
      record: baseRecord(i),
      class: 'ArmorJewelry_Ring',
      itemType: STASH_ITEM_TYPES[f.itemTypeId],
      itemTypeId: f.itemTypeId,
      rarity: f.rarity,
      levelRequirement: f.level,
      style: null,
      nameTag,
      qualityTag: null,
      styleTag: null,
      set: setRecord,
    });
    for (const [kind, a, words, wordsDe] of [
      ['prefix', f.prefix, PREFIXES, PREFIXES_DE],
      ['suffix', f.suffix, SUFFIXES, SUFFIXES_DE],
    ]) {
      if (!a) continue;
      const record = affixRecord(kind, a);
      const tag = `tagBench_${kind}_${a.index}`;
      en[tag] = words[a.index];
      de[tag] = wordsDe[a.index];
      affixes.set(record, { record, kind, nameTag: tag, rarity: a.rarity, levelRequirement: a.levelRequirement });
    }
  }
  const languages = ['en', 'de'];
  return {
    version: 1,
    items,
    affixes: [...affixes.values()],
    sets: [...sets.values()],
    creatures: [],
    texts: [
      { language: 'en', tags: en, genders: {}, forms: {} },
      { language: 'de', tags: de, genders: {}, forms: {} },
    ],
    stats: {
      records: items.length + affixes.size + sets.size,
      recordsDecoded: items.length + affixes.size + sets.size,
      items: items.length,
      affixes: affixes.size,
      sets: sets.size,
      creatures: 0,
      languages,
      problems: [],
      problemCount: 0,
    },
  };
}

// The search term mix cycles through 40 terms, more than the index keeps cached, so that every request
// pays for matching the term against the season's names.
const TERMS = [
  ...BASE_WORDS.map((w) => w.toLowerCase()),
  ...BASE_NOUNS.slice(0, 12).map((w) => w.toLowerCase()),
  ...PREFIXES.slice(0, 8),
  ...SUFFIXES.slice(0, 8),
].slice(0, 40);
const MIXES = [
  ['no filter', ''],
  ['item type', '&itemType=19'],
  ['rarity', '&rarity=Legendary'],
  ['type + rarity', '&itemType=12&rarity=Epic'],
  ['level range', '&minLevel=80&maxLevel=100'],
  ['search term', (i) => `&searchTerm=${encodeURIComponent(TERMS[i % TERMS.length])}`],
  ['stat filter', '&filter=offensiveFireModifier;defensiveProtection'],
  ['set items', '&filter=setItem&rarity=Legendary'],
  [
    'everything',
    '&itemType=20&rarity=Magical&minLevel=10&maxLevel=90&searchTerm=storm&filter=characterLife;listedForTrade',
  ],
  ['deep page', '&page=50&pageSize=100'],
];

function get(agent, port, urlPath, token, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent, headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode, body, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const { svc, identity, bucketPrefix } = await startTradeService('bench-trade');
const kafka = benchKafka('bench-season');
const producer = kafka.producer();
const consumer = kafka.consumer({ groupId: `bench-season-${randomUUID().slice(0, 8)}` });
const result = {
  benchmark: 'trade search and settlement',
  participants: PARTICIPANTS,
  requestsPerMix: REQUESTS,
  targetP95Ms: 50,
  sizes: [],
  at: new Date().toISOString(),
};
// The set as files publishes it: gzipped JSON in the branch's bucket, then the event (handled here directly).
const storage = new ObjectStorage({
  endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
  accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
  secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
});
const bucket = `${bucketPrefix}-prod`;
const storedKeys = [];
let gameDataBody;
let gameDataVersion = 0;
/**
 * Publishes the set (stored, then the event handled here) and answers how long until the index was renamed,
 * how much of it was fetching and loading the set, and the longest the event loop was held meanwhile (what a
 * search arriving then would wait at most: parsing the set and building its lookups is one piece, the
 * index renames in chunks with the loop free in between).
 */
async function publishGameData() {
  gameDataVersion += 1;
  const key = `game-data/v${gameDataVersion}.json.gz`;
  await storage.ensureBucket(bucket);
  await storage.putStream(bucket, key, gameDataBody, gameDataBody.length);
  storedKeys.push(key);
  let longest = 0;
  let last = process.hrtime.bigint();
  const probe = setInterval(() => {
    const now = process.hrtime.bigint();
    longest = Math.max(longest, Number(now - last) / 1e6);
    last = now;
  }, 1);
  const started = process.hrtime.bigint();
  await svc.gameData.onPublished({
    branch: 'prod',
    version: gameDataVersion,
    bucket,
    objectKey: key,
    sha256: createHash('sha256').update(gameDataBody).digest('hex'),
    size: gameDataBody.length,
    inputs: [{ fileId: 'bench', fileName: 'bench.arz' }],
    records: result.gameData.records,
    items: result.gameData.items,
    affixes: result.gameData.affixes,
    creatures: 0,
    languages: result.gameData.languages,
    publishedAt: new Date().toISOString(),
  });
  if (svc.gameData.version('prod') !== gameDataVersion) throw new Error('the published game data was not loaded');
  const loadedMs = Number(process.hrtime.bigint() - started) / 1e6;
  await svc.index.idle();
  clearInterval(probe);
  return {
    ms: round(Number(process.hrtime.bigint() - started) / 1e6),
    loadedMs: round(loadedMs),
    longestStallMs: round(longest),
  };
}

const writeResult = () => {
  result.loadAverage = os.loadavg().map(round);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'trade-search.json'), `${JSON.stringify(result, null, 2)}\n`);
};
// Stopped by a signal: still drop the throwaway database (100,000 listings) and leave.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    svc.mongo
      .dropDatabase()
      .catch(() => undefined)
      .finally(() => process.exit(130));
  });
try {
  const { Participant, Listing, Block, Currency } = svc.models;
  // 5,000 participants of one trade season; the searcher blocks 20 of them and is blocked by 20 more.
  const participants = Array.from({ length: PARTICIPANTS + 1 }, (_, i) => ({
    _id: participantId(i),
    seasonId: SEASON,
    username: `bench${i}`,
    usernameKey: `bench${i}`,
    seasonTypeId: 1,
    isBeta: false,
  }));
  for (let i = 0; i < participants.length; i += 1000)
    await Participant.collection.insertMany(participants.slice(i, i + 1000));
  const searcher = participantId(PARTICIPANTS); // owns no listing
  const blocks = Array.from({ length: 40 }, (_, i) =>
    i < 20
      ? {
          _id: `${searcher}:${participantId(i)}`,
          seasonParticipantId: searcher,
          ignoredParticipantId: participantId(i),
          ignoredUsername: `bench${i}`,
          createdOn: new Date(),
        }
      : {
          _id: `${participantId(i)}:${searcher}`,
          seasonParticipantId: participantId(i),
          ignoredParticipantId: searcher,
          ignoredUsername: `bench${PARTICIPANTS}`,
          createdOn: new Date(),
        },
  );
  await Block.collection.insertMany(blocks);
  const token = await identity.token({ username: `bench${PARTICIPANTS}` });
  const exclude = new Set([searcher, ...Array.from({ length: 40 }, (_, i) => participantId(i))]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  if (GAME_DATA) {
    const built = Date.now();
    const set = gameDataSet(Math.max(...SIZES));
    gameDataBody = gzipSync(JSON.stringify(set));
    result.gameData = {
      records: set.stats.records,
      items: set.items.length,
      affixes: set.affixes.length,
      sets: set.sets.length,
      languages: set.stats.languages,
      gzippedMb: round(gameDataBody.length / 2 ** 20),
      buildMs: Date.now() - built,
    };
    result.gameData.firstPublish = await publishGameData();
    console.log(
      `game data: ${set.items.length} items, ${set.affixes.length} affixes, ${set.sets.length} sets, en + de (${result.gameData.gzippedMb} MB gzipped), published in ${result.gameData.firstPublish.ms} ms`,
    );
  }

  let inserted = 0;
  for (const size of SIZES) {
    const fillStarted = Date.now();
    while (inserted < size) {
      const n = Math.min(2_000, size - inserted);
      await Listing.collection.insertMany(
        Array.from({ length: n }, (_, k) => listingDoc(inserted + k + 1, inserted + k)),
      );
      inserted += n;
    }
    const fillMs = Date.now() - fillStarted;
    const loadStarted = Date.now();
    await svc.reloadIndex();
    const indexLoadMs = Date.now() - loadStarted;
    // A set published while this many listings are open: fetched, parsed, and the index renamed in place.
    const publish = GAME_DATA ? await publishGameData() : undefined;
    const mixes = [];
    const all = [];
    const allIndex = [];
    for (const [name, mix] of MIXES) {
      const query = (i) =>
        `seasonParticipantId=${searcher}&page=1&pageSize=50${typeof mix === 'function' ? mix(i) : mix}&branch=prod`.replace(
          '&page=1&pageSize=50&page=50&pageSize=100',
          '&page=50&pageSize=100',
        );
      const urlPath = (i) => `/trade/trade-search?${query(i)}`;
      const first = await get(agent, svc.port, urlPath(0), token);
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body}`);
      for (let i = 0; i < 10; i += 1) await get(agent, svc.port, urlPath(i), token); // warm-up
      const ms = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const r = await get(agent, svc.port, urlPath(i), token);
        if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
        ms.push(r.ms);
      }
      all.push(...ms);
      // The index's own share: the same criteria (parsed by the route's schema, the searcher and the 40
      // blocked either way excluded, as trade.search does), straight on the service's SearchIndex.
      const indexMs = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const q = tradeSearchQuery.parse(Object.fromEntries(new URLSearchParams(query(i))));
        const started = process.hrtime.bigint();
        const res = svc.index.search({ ...q, seasonId: SEASON, exclude });
        indexMs.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (i === 0 && res.itemCount !== JSON.parse(first.body).itemCount)
          throw new Error(
            `${name}: the index alone found ${res.itemCount}, the route ${JSON.parse(first.body).itemCount}`,
          );
      }
      allIndex.push(...indexMs);
      mixes.push({
        mix: name,
        hits: JSON.parse(first.body).itemCount,
        ...summary(ms),
        indexAlone: summary(indexMs),
      });
    }
    // The same mixes as a German reader: the page's listings are named in German per request.
    const german = [];
    if (GAME_DATA)
      for (const [name, mix] of MIXES) {
        const urlPath = (i) =>
          `/trade/trade-search?${`seasonParticipantId=${searcher}&page=1&pageSize=50${typeof mix === 'function' ? mix(i) : mix}&branch=prod`.replace('&page=1&pageSize=50&page=50&pageSize=100', '&page=50&pageSize=100')}`;
        const de = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
        for (let i = 0; i < 5; i += 1) await get(agent, svc.port, urlPath(i), token, de); // warm-up
        for (let i = 0; i < REQUESTS_DE; i += 1) {
          const r = await get(agent, svc.port, urlPath(i), token, de);
          if (r.status !== 200) throw new Error(`${name} (de): ${r.status}`);
          german.push(r.ms);
        }
      }
    const row = {
      listings: size,
      fillMs,
      indexLoadMs,
      ...(publish === undefined ? {} : { publish }),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
      overall: summary(all),
      indexAlone: summary(allIndex),
      ...(german.length ? { germanReader: summary(german) } : {}),
      mixes,
    };
    result.sizes.push(row);
    console.log(
      `trade-search at ${size} listings: p50 ${row.overall.p50Ms} ms, p95 ${row.overall.p95Ms} ms, max ${row.overall.maxMs} ms (index load ${indexLoadMs} ms, RSS ${row.rssMb} MB)`,
    );
    console.log(
      `  the index alone (in process, same criteria): p50 ${row.indexAlone.p50Ms} ms, p95 ${row.indexAlone.p95Ms} ms`,
    );
    if (row.germanReader)
      console.log(
        `  names from the published set: a German reader p50 ${row.germanReader.p50Ms} ms, p95 ${row.germanReader.p95Ms} ms; publishing the set again: index renamed after ${publish.ms} ms (${publish.loadedMs} ms fetching and loading the set), the event loop held at most ${publish.longestStallMs} ms`,
      );
    for (const m of mixes)
      console.log(
        `  ${m.mix.padEnd(14)} hits ${String(m.hits).padStart(6)}  p50 ${m.p50Ms} ms  p95 ${m.p95Ms} ms  (index alone p95 ${m.indexAlone.p95Ms} ms)`,
      );
  }
  if (result.sizes.length >= 2) {
    const [a, b] = [result.sizes[0], result.sizes[result.sizes.length - 1]];
    result.growth = round(b.overall.p95Ms / a.overall.p95Ms);
    result.indexAloneGrowth = round(b.indexAlone.p95Ms / a.indexAlone.p95Ms);
    console.log(
      `p95 growth ${a.listings} → ${b.listings}: ${result.growth}x (target <= 2x: ${result.growth <= 2 ? 'met' : 'MISSED'}); the index alone ${result.indexAloneGrowth}x`,
    );
  }
  {
    const last = result.sizes[result.sizes.length - 1];
    console.log(
      `p95 at ${last.listings} listings: ${last.overall.p95Ms} ms (target <= 50 ms: ${last.overall.p95Ms <= 50 ? 'met' : 'MISSED'})`,
    );
  }
  agent.destroy();

  // The search figures are written now, so that they survive whatever the settlement part meets.
  writeResult();

  // Settlement end to end, with a stand-in for season answering each request at once.
  if (SETTLEMENTS > 0) {
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic: settlementRequestedV1.topic, fromBeginning: false });
    await new Promise((resolve) => {
      consumer.on(consumer.events.GROUP_JOIN, resolve);
      consumer.run({
        eachMessage: async ({ message }) => {
          const e = JSON.parse(message.value.toString());
          if (e.data.seasonId !== SEASON) return;
          const reply = buildEnvelope(settlementCompletedV1, {
            settlementId: e.data.settlementId,
            tradeListingId: e.data.tradeListingId,
            tradeOfferId: e.data.tradeOfferId,
            buyerItemIds: [e.data.item.participantItemId],
            sellerItemIds: [],
            completedAt: new Date().toISOString(),
          });
          await producer.send({
            topic: settlementCompletedV1.topic,
            messages: [{ key: String(e.data.tradeListingId), value: JSON.stringify(reply) }],
          });
        },
      });
    });
    const buyer = participantId(PARTICIPANTS);
    await Currency.collection.insertOne({
      _id: buyer,
      seasonId: SEASON,
      version: 1,
      balances: Object.fromEntries(CURRENCY_NAMES.map((c) => [c, 1_000_000])),
    });
    const ms = [];
    const stuck = [];
    for (let i = 0; i < SETTLEMENTS; i += 1) {
      const listingId = 50 + i * 17; // priced listings of sellers the buyer has not blocked
      const l = await svc.store.listing(listingId);
      if (!l?.askingPrice || l.seasonParticipantId <= participantId(39)) continue;
      const started = process.hrtime.bigint();
      const res = await fetch(`${svc.url}/trade/participant/${buyer}/buyout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tradeListingId: listingId }),
      });
      if (res.status !== 200) throw new Error(`buyout ${listingId}: ${res.status} ${await res.text()}`);
      const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS;
      while ((await svc.store.listing(listingId))?.state !== 'closed' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      if (Date.now() >= deadline) {
        // A settlement that never completes is a finding, not a reason to hold the engines forever.
        stuck.push(listingId);
        console.log(
          `settlement: listing ${listingId} not closed ${SETTLEMENT_TIMEOUT_MS} ms after its buyout (MISSED)`,
        );
        break;
      }
      ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    result.settlement = { ...(ms.length ? summary(ms) : { n: 0 }), notClosed: stuck, targetP95Ms: 500 };
    console.log(
      `settlement end to end (${ms.length} buyouts, stand-in season): p50 ${result.settlement.p50Ms} ms, p95 ${result.settlement.p95Ms} ms (target <= 500 ms: ${!stuck.length && result.settlement.p95Ms <= 500 ? 'met' : 'MISSED'})`,
    );
    writeResult();

    // Baseline: one Kafka round trip, produce (acknowledged) → consumed, on a topic of its own.
    const topic = `bench.kafka-round-trip.${randomUUID().slice(0, 8)}`;
    const admin = kafka.admin();
    const rtConsumer = kafka.consumer({ groupId: `bench-rt-${randomUUID().slice(0, 8)}` });
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true });
      await rtConsumer.connect();
      // An empty topic read from its beginning: no message can be missed while the group settles.
      await rtConsumer.subscribe({ topic, fromBeginning: true });
      const waiting = new Map();
      await new Promise((resolve) => {
        rtConsumer.on(rtConsumer.events.GROUP_JOIN, resolve);
        rtConsumer.run({
          eachMessage: async ({ message }) => waiting.get(message.key.toString())?.(),
        });
      });
      const roundTrip = async (key) => {
        const received = new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`kafka round trip ${key}: nothing after 30 s`)), 30_000);
          waiting.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        const started = process.hrtime.bigint();
        await producer.send({ topic, messages: [{ key, value: JSON.stringify({ key, at: Date.now() }) }] });
        await received;
        waiting.delete(key);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      for (let i = 0; i < 5; i += 1) await roundTrip(`warm-${i}`);
      const rt = [];
      for (let i = 0; i < Math.max(SETTLEMENTS, 20); i += 1) rt.push(await roundTrip(`rt-${i}`));
      result.kafkaRoundTrip = { topic: 'a throwaway one-partition topic', ...summary(rt) };
      console.log(
        `kafka round trip (produce → consume, kafkajs, ${rt.length} messages): p50 ${result.kafkaRoundTrip.p50Ms} ms, p95 ${result.kafkaRoundTrip.p95Ms} ms; settlement p95 / round trip p95 = ${result.settlement.p95Ms === undefined ? '-' : round(result.settlement.p95Ms / result.kafkaRoundTrip.p95Ms)}`,
      );
      writeResult();
    } finally {
      await rtConsumer.disconnect().catch(() => undefined);
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    }
  }
} finally {
  await consumer.disconnect().catch(() => undefined);
  await producer.disconnect().catch(() => undefined);
  await svc.mongo.dropDatabase().catch(() => undefined);
  for (const key of storedKeys) await storage.remove(bucket, key).catch(() => undefined);
  if (storedKeys.length) await storage.client.removeBucket(bucket).catch(() => undefined);
  await svc.stop();
  await identity.close();
}
process.exit(0);
