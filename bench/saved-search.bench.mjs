// Saved searches that keep watching: a listing opens → its 'New Match' notifications are written, with
// 1,000 and then 10,000 saved searches in one season (goal: p95 <= 50 ms at 10,000).
//
// Boots the built trade service on port 0 against a throwaway database (dropped at the end). Two figures
// per size:
//  - handler: the trade.listing-opened.v1 handler the consumer runs (`savedSearches.onListingOpened`),
//    called directly for a listing stored as open, with the event as trade publishes it (it carries the
//    item, the seller and the rarity class, so the listing is not read back): the index lookup and the full
//    checks, the seller's blocks (cached), one block of notification ids from Redis and the one bulk insert
//    into FerretDB. This is the matcher plus its store write path; nothing is stubbed.
//  - matcher: the in-memory part alone (index lookup and full checks, `savedSearchIndex.match`), to show
//    how matching itself scales apart from the store's round trips.
//  - end to end: the same event published on Kafka, from publish until the service's consumer finished
//    the handler (the handler is wrapped to note when it returns).
// The searches are spread as players keep them: most name an item type and a rarity, some one of the two,
// a few neither (those narrow by a name or stat tags and always fall in the wildcard bucket).
// Needs the engines up and `npx tsc -b services/trade`. Writes bench/results/saved-search.json.
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchKafka, startTradeService } from './trade-service.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { listingFacts } = require('../services/trade/dist/domain/saved-search-index.js');
const { buildEnvelope } = require('../packages/platform/dist/index.js');
const { listingOpenedV1, CURRENCY_NAMES } = require('../packages/contracts/dist/index.js');

const SIZES = (process.env.BENCH_SEARCHES ?? '1000,10000').split(',').map(Number);
const LISTINGS = Number(process.env.BENCH_OPENINGS ?? 300);
const E2E = Number(process.env.BENCH_E2E ?? 50);
const SEARCHERS = 2_000;
const base = randomInt(100_000_000, 1_500_000_000);
const SEASON = base;
const SELLERS = 50;
const participantId = (i) => base + 1 + i;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (v) => Math.round(v * 100) / 100;
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50Ms: round(percentile(s, 50)), p95Ms: round(percentile(s, 95)), maxMs: round(s.at(-1)) };
};
/** The same with three decimals (the in-memory matcher takes well under a millisecond). */
const summaryMicro = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const r = (v) => Math.round(v * 1000) / 1000;
  return { n: s.length, p50Ms: r(percentile(s, 50)), p95Ms: r(percentile(s, 95)), maxMs: r(s.at(-1)) };
};
const mean = (xs) => round(xs.reduce((n, x) => n + x, 0) / Math.max(1, xs.length));

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

const RARITIES = ['Common', 'Magical', 'Rare', 'Epic', 'Legendary'];
const SEARCH_RARITIES = ['Magical', 'Rare', 'Epic', 'Legendary', 'Double Rare Affix', 'Monster Infrequent'];
const WORDS = ['Storm', 'Frost', 'Blood', 'Aether', 'Chaos', 'Iron', 'Void', 'Ember', 'Venom', 'Gale'];
const TAGS = ['offensiveFire', 'offensiveCold', 'defensiveLife', 'characterAttackSpeed', 'petDamage', 'retaliation'];

function searchDoc(id, i) {
  const g = generator(7_000_000 + i);
  const shape = g.next();
  // 60 % item type and rarity, 20 % item type only, 10 % rarity only, 10 % neither (name or tags instead).
  const itemType = shape < 0.8 ? g.int(38) : null;
  const rarity = shape < 0.6 || (shape >= 0.8 && shape < 0.9) ? g.pick(SEARCH_RARITIES) : null;
  const open = itemType === null && rarity === null;
  const low = g.next() < 0.5 ? 50 + g.int(40) : null;
  const now = new Date();
  return {
    _id: id,
    seasonId: SEASON,
    seasonParticipantId: participantId(SELLERS + (i % SEARCHERS)),
    name: `bench ${i}`,
    searchTerm: open || g.next() < 0.2 ? g.pick(WORDS) : null,
    filter: open || g.next() < 0.3 ? g.pick(TAGS) : null,
    itemType,
    minLevel: low,
    maxLevel: low !== null && g.next() < 0.5 ? Math.min(100, low + 20) : null,
    rarity,
    maxPriceCurrency: g.next() < 0.3 ? 'Scrap' : null,
    maxPrice: null,
    paused: false,
    lastRunAt: null,
    createdOn: now,
    updatedOn: now,
  };
}
const withPrice = (s, g) => (s.maxPriceCurrency ? { ...s, maxPrice: 5 + g.int(90) } : s);

function listingDoc(id, i) {
  const g = generator(9_000_000 + i);
  const itemTypeId = g.int(38);
  const rarity = g.pick(RARITIES);
  const level = 1 + g.int(100);
  const name = `${g.pick(WORDS)}${g.next() < 0.5 ? 'bane' : ''} ${g.pick(['Ring', 'Blade', 'Helm', 'Amulet'])}`;
  const owner = g.int(SELLERS);
  const now = new Date();
  return {
    _id: id,
    seasonId: SEASON,
    isBeta: false,
    seasonParticipantId: participantId(owner),
    owner: `seller${owner}`,
    participantItemId: id,
    count: 1,
    maxCount: 1,
    askingCurrency: i % 3 ? (i % 2 ? 'Scrap' : CURRENCY_NAMES[i % 27]) : null,
    askingPrice: i % 3 ? 1 + (i % 90) : null,
    sellerComment: null,
    itemDisplay: {
      baseItem: { itemDbrTag: { name }, rarity, style: null, itemTypeId, levelRequirement: level },
      prefix: null,
      suffix: null,
      itemType: 'Ring',
    },
    itemName: name,
    statTags: [...new Set([g.pick(TAGS), g.pick(TAGS)])],
    rarityFilter: null,
    record: `records/items/bench/${i % 500}.dbr`,
    prefixRecord: '',
    suffixRecord: '',
    state: 'open',
    settlement: null,
    closedReason: null,
    createdOn: now,
    updatedOn: now,
    appliedEvents: [],
    outbox: [],
  };
}

const opened = (l) => ({
  tradeListingId: l._id,
  seasonId: l.seasonId,
  seasonParticipantId: l.seasonParticipantId,
  participantItemId: l.participantItemId,
  count: l.count,
  askingCurrency: l.askingCurrency,
  askingPrice: l.askingPrice,
  itemDisplay: l.itemDisplay,
  itemName: l.itemName,
  statTags: l.statTags,
  // As trade publishes it: the seller, the rarity class, the records and the branch travel with the event, so
  // no listing is read (the records and branch name the item from the game data, when a set is published).
  owner: l.owner,
  rarityFilter: l.rarityFilter ?? null,
  record: l.record,
  prefixRecord: l.prefixRecord,
  suffixRecord: l.suffixRecord,
  isBeta: l.isBeta,
  openedAt: new Date().toISOString(),
});

const { svc, identity } = await startTradeService('bench-saved');
const kafka = benchKafka('bench-saved');
const producer = kafka.producer();
await producer.connect();

// Note when the consumer's handler returns for a listing (end-to-end timing).
const handled = new Map();
const original = svc.savedSearches.onListingOpened.bind(svc.savedSearches);
svc.savedSearches.onListingOpened = async (e) => {
  const r = await original(e);
  handled.get(e.tradeListingId)?.(r);
  return r;
};

const searches = svc.mongo.collection('savedSearches');
// How long the one bulk write of each handler call takes (the rest is the parallel reads and matching).
let writeMs = [];
const searchStore = svc.savedSearches.d.store;
const addMatches = searchStore.addMatchNotifications.bind(searchStore);
searchStore.addMatchNotifications = async (docs) => {
  const t0 = performance.now();
  try {
    return await addMatches(docs);
  } finally {
    writeMs.push(performance.now() - t0);
  }
};
const result = {
  benchmark: 'saved searches: a listing opened → New Match notifications written',
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
  store: 'FerretDB (MongoDB wire protocol), Redis, Kafka — the engines of `npm run stack -- up`',
  distribution:
    '60% item type + rarity, 20% item type only, 10% rarity only, 10% neither (name or stat tag); half with a minimum level, 30% with a max price in Scrap; 2,000 searchers, 50 sellers',
  goal: 'p95 <= 50 ms at 10,000 saved searches',
  sizes: [],
};
let nextListing = base + 10_000_000;
let stored = 0;
try {
  for (const size of SIZES) {
    // Grow the season's saved searches to `size` and load the index as a start would.
    const docs = [];
    for (let i = stored; i < size; i += 1) docs.push(withPrice(searchDoc(base + 1_000_000 + i, i), generator(i)));
    for (let i = 0; i < docs.length; i += 1_000) await searches.insertMany(docs.slice(i, i + 1_000));
    stored = size;
    const loadStarted = Date.now();
    await svc.savedSearches.reload();
    const loadMs = Date.now() - loadStarted;

    writeMs = [];
    const handlerMs = [];
    const examined = [];
    const written = [];
    for (let i = 0; i < LISTINGS; i += 1) {
      const l = listingDoc((nextListing += 1), i);
      await svc.store.insertListing(l);
      const t0 = performance.now();
      const r = await svc.savedSearches.onListingOpened(opened(l));
      handlerMs.push(performance.now() - t0);
      examined.push(r.examined);
      written.push(r.written);
    }
    const handlerWrites = [...writeMs];
    // The in-memory matcher alone over the same listings (many rounds: it is sub-millisecond).
    const matcherMs = [];
    for (let round = 0; round < 10; round += 1)
      for (let i = 0; i < LISTINGS; i += 1) {
        const f = listingFacts(listingDoc(0, i));
        const t0 = performance.now();
        svc.savedSearchIndex.match(f);
        matcherMs.push(performance.now() - t0);
      }
    // The same listing twice: a redelivery writes nothing.
    const again = listingDoc(nextListing, LISTINGS - 1);
    const redelivery = await svc.savedSearches.onListingOpened(opened(again));

    const e2eMs = [];
    for (let i = 0; i < E2E; i += 1) {
      const l = listingDoc((nextListing += 1), LISTINGS + i);
      await svc.store.insertListing(l);
      const done = new Promise((resolve) => handled.set(l._id, resolve));
      const t0 = performance.now();
      await producer.send({
        topic: listingOpenedV1.topic,
        messages: [{ key: String(l._id), value: JSON.stringify(buildEnvelope(listingOpenedV1, opened(l))) }],
      });
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('no handler')), 30_000))]);
      e2eMs.push(performance.now() - t0);
      handled.delete(l._id);
    }

    const row = {
      savedSearches: size,
      indexed: svc.savedSearchIndex.size,
      indexLoadMs: loadMs,
      handler: summary(handlerMs),
      bulkWrite: summary(handlerWrites),
      matcher: summaryMicro(matcherMs),
      endToEnd: summary(e2eMs),
      meanExamined: mean(examined),
      maxExamined: Math.max(...examined),
      meanWritten: mean(written),
      maxWritten: Math.max(...written),
      totalWritten: written.reduce((n, x) => n + x, 0),
      redeliveryWritten: redelivery.written,
    };
    result.sizes.push(row);
    console.log(
      `${size} saved searches: handler p50 ${row.handler.p50Ms} ms, p95 ${row.handler.p95Ms} ms (its bulk write p95 ${row.bulkWrite.p95Ms} ms); matcher alone p95 ${row.matcher.p95Ms} ms; end to end (Kafka) p95 ${row.endToEnd.p95Ms} ms; examined ${row.meanExamined} (max ${row.maxExamined}), notifications ${row.meanWritten} per listing (max ${row.maxWritten}); redelivery wrote ${row.redeliveryWritten}; index load ${loadMs} ms`,
    );
  }
  const [small, large] = [result.sizes[0], result.sizes.at(-1)];
  if (small && large && small !== large) {
    result.scaling = {
      searchesRatio: round(large.savedSearches / small.savedSearches),
      examinedRatio: round(large.meanExamined / Math.max(small.meanExamined, 0.01)),
      writtenRatio: round(large.meanWritten / Math.max(small.meanWritten, 0.01)),
      handlerP95Ratio: round(large.handler.p95Ms / small.handler.p95Ms),
      matcherP95Ratio: round(large.matcher.p95Ms / small.matcher.p95Ms),
    };
    console.log(
      `from ${small.savedSearches} to ${large.savedSearches}: examined ×${result.scaling.examinedRatio}, written ×${result.scaling.writtenRatio}, handler p95 ×${result.scaling.handlerP95Ratio}, matcher p95 ×${result.scaling.matcherP95Ratio}`,
    );
  }
  result.loadAverage = os.loadavg().map(round);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'saved-search.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await producer.disconnect().catch(() => undefined);
  await svc.mongo.dropDatabase().catch(() => undefined);
  await svc.stop();
  await identity.close();
}
process.exit(0);
