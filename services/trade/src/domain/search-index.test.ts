import type { ItemDisplay } from '@league/contracts';
import { GameNames } from '@league/gamefiles';
import { BOOTS, PREFIX, SCEPTER, SUFFIX, testGameData } from '../../test/game-data-set';
import type { ListingDoc } from './ports';
import { levelOf, listingView, median, parseFilter, rarityClassOf } from './rules';
import { listingMatches, type SearchCriteria } from './search-filters';
import { SearchIndex } from './search-index';

const display = (rarity: string, itemTypeId: number, level: number, affixes?: [string, string]): ItemDisplay => ({
  baseItem: { itemDbrTag: { name: 'x' }, rarity, style: null, itemTypeId, levelRequirement: level },
  prefix: affixes ? { itemDbrTag: { name: 'p' }, rarity: affixes[0], levelRequirement: level + 5 } : null,
  suffix: affixes ? { itemDbrTag: { name: 's' }, rarity: affixes[1], levelRequirement: 1 } : null,
  itemType: 'Ring',
});

const listing = (id: number, over: Partial<ListingDoc> = {}): ListingDoc => ({
  _id: id,
  seasonId: 1,
  isBeta: false,
  seasonParticipantId: 100 + (id % 3),
  owner: 'o',
  participantItemId: id,
  count: 1,
  maxCount: 1,
  askingCurrency: null,
  askingPrice: null,
  sellerComment: null,
  itemDisplay: display('Epic', 19, 50),
  itemName: `Ring ${id}`,
  statTags: [],
  record: 'r',
  prefixRecord: '',
  suffixRecord: '',
  state: 'open',
  settlement: null,
  closedReason: null,
  createdOn: new Date(0),
  updatedOn: new Date(0),
  ...over,
});

describe('the search index', () => {
  it('when listings are put, changed and removed, then a search sees only open ones, newest first, paged', () => {
    const index = new SearchIndex();
    index.load([listing(3), listing(1), listing(2)]);
    index.put(listing(10));
    index.put(listing(5)); // out of order: still sorted
    index.put(listing(2, { state: 'settling' }));
    const all = index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10 });
    expect(all.items.map((l) => l.tradeListingId)).toEqual([10, 5, 3, 1]);
    expect(all.itemCount).toBe(4);
    const page2 = index.search({ seasonId: 1, exclude: new Set(), page: 2, pageSize: 3 });
    expect(page2.items.map((l) => l.tradeListingId)).toEqual([1]);
    index.put(listing(2)); // reopened
    index.put(null, 10);
    expect(
      index.search({ seasonId: 1, exclude: new Set([101]), page: 1, pageSize: 10 }).items.map((l) => l.tradeListingId),
    ).toEqual([5, 3, 2]);
    expect(index.search({ seasonId: 2, exclude: new Set(), page: 1, pageSize: 10 }).itemCount).toBe(0);
  });

  it('when filters are given, then each narrows as the stash filters do', () => {
    const index = new SearchIndex();
    index.load([
      listing(1, { itemName: 'Stormheart', itemDisplay: display('Legendary', 19, 94), statTags: ['a', 'b'] }),
      listing(2, { itemName: 'Crown (S)', itemDisplay: display('Epic', 12, 60, ['Rare', 'Rare']) }),
      listing(3, { itemName: 'Plain', itemDisplay: display('Magical', 12, 10) }),
    ]);
    const ids = (q: Partial<Parameters<SearchIndex['search']>[0]>) =>
      index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, ...q }).items.map((l) => l.tradeListingId);
    expect(ids({ itemType: 12 })).toEqual([3, 2]);
    expect(ids({ rarity: 'legendary' })).toEqual([1]);
    expect(ids({ rarity: 'Double Rare Affix' })).toEqual([]); // an Epic base is Epic
    expect(ids({ rarity: 'Epic' })).toEqual([2]);
    expect(ids({ minLevel: 61 })).toEqual([2, 1]); // the prefix raises Crown to 65
    expect(ids({ maxLevel: 60 })).toEqual([3]);
    expect(ids({ searchTerm: 'STORM' })).toEqual([1]);
    expect(ids({ filter: 'a;b' })).toEqual([1]);
    expect(ids({ filter: 'a;c' })).toEqual([]);
    expect(ids({ filter: 'setItem;listedForTrade' })).toEqual([2]);
  });

  it('when a stored listing has no stat tags field, then it is indexed with none', () => {
    const index = new SearchIndex();
    const old = listing(1, { statTags: undefined as unknown as string[] });
    index.load([old, listing(2, { statTags: ['a'] })]);
    const ids = (filter?: string) =>
      index
        .search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, filter })
        .items.map((l) => l.tradeListingId);
    expect(ids()).toEqual([2, 1]);
    expect(ids('a')).toEqual([2]);
    expect(listingMatches(old, { filter: 'a' })).toBe(false);
    expect(listingMatches(old, {})).toBe(true);
  });
});

/** The search as it was before the index became columnar: a filter over every open listing, newest first. */
function reference(open: Map<number, ListingDoc>, c: SearchCriteria): { ids: number[]; itemCount: number } {
  const term = c.searchTerm?.trim().toLowerCase() || undefined;
  const tags = parseFilter(c.filter);
  const wantsSet = tags.includes('setItem');
  const statTags = tags.filter((t) => t !== 'setItem');
  const rarity = c.rarity?.toLowerCase();
  const from = (c.page - 1) * c.pageSize;
  const to = from + c.pageSize;
  const ids: number[] = [];
  let count = 0;
  const newestFirst = [...open.values()].filter((l) => l.seasonId === c.seasonId).sort((a, b) => b._id - a._id);
  for (const l of newestFirst) {
    const level = levelOf(l.itemDisplay);
    if (c.exclude.has(l.seasonParticipantId)) continue;
    if (c.itemType !== undefined && l.itemDisplay.baseItem.itemTypeId !== c.itemType) continue;
    if (c.minLevel !== undefined && level < c.minLevel) continue;
    if (c.maxLevel !== undefined && level > c.maxLevel) continue;
    if (term && !l.itemName.toLowerCase().includes(term)) continue;
    const rarityClass = (l.rarityFilter ?? rarityClassOf(l.itemDisplay)).toLowerCase();
    if (rarity && rarityClass !== rarity && l.itemDisplay.baseItem.rarity.toLowerCase() !== rarity) continue;
    if (wantsSet && !l.itemName.includes('(S)')) continue;
    if (statTags.length && !statTags.every((t) => new Set(l.statTags).has(t))) continue;
    if (count >= from && count < to) ids.push(l._id);
    count += 1;
  }
  return { ids, itemCount: count };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const BASES = ['Common', 'Magical', 'Rare', 'Epic', 'Legendary', 'Monster Infrequent'];
const AFFIX_RARITIES = ['Magical', 'Rare'];
const CLASSES = ['Common', 'Magical', 'Double Rare Affix', 'Monster Infrequent', 'Double Rare MI', 'Epic', 'Legendary'];
const WORDS = ['Storm', 'Frost', 'Blood', 'Aether', 'Chaos', 'Iron', 'Void', 'ember', 'VENOM', 'Gale'];
const TAGS = [
  'offensiveFire',
  'offensiveCold',
  'defensiveLife',
  'characterAttackSpeed',
  'petDamage',
  'retaliation',
  'OffensiveFire',
];

type Rng = ReturnType<typeof rng>;

function randomListing(r: Rng, id: number, seasons: number[]): ListingDoc {
  const level = r.int(100) + 1;
  const affix = () =>
    r.chance(0.5) ? { itemDbrTag: { name: 'a' }, rarity: r.pick(AFFIX_RARITIES), levelRequirement: r.int(110) } : null;
  const name = `${r.pick(WORDS)} ${r.pick(WORDS).toLowerCase()}bane${r.chance(0.15) ? ' (S)' : r.chance(0.05) ? ' (s)' : ''}`;
  return listing(id, {
    seasonId: r.pick(seasons),
    seasonParticipantId: 1 + r.int(40),
    itemDisplay: {
      baseItem: {
        itemDbrTag: { name },
        rarity: r.pick(BASES),
        style: null,
        itemTypeId: r.chance(0.05) ? null : r.int(12),
        levelRequirement: level,
      },
      prefix: affix(),
      suffix: affix(),
      itemType: 'Ring',
    },
    itemName: name,
    statTags: Array.from({ length: r.int(4) }, () => r.pick(TAGS)),
    rarityFilter: r.chance(0.3) ? r.pick(CLASSES) : r.chance(0.1) ? null : undefined,
    state: r.chance(0.9) ? 'open' : r.pick(['settling', 'closed', 'cancelled']),
  });
}

function randomCriteria(r: Rng, seasons: number[]): SearchCriteria {
  const c: SearchCriteria = {
    seasonId: r.chance(0.95) ? r.pick(seasons) : 999,
    exclude: new Set(Array.from({ length: r.int(6) }, () => 1 + r.int(45))),
    page: r.chance(0.7) ? 1 : 1 + r.int(30),
    pageSize: r.pick([10, 20, 30, 50, 100]),
  };
  if (r.chance(0.3)) c.itemType = r.int(14);
  if (r.chance(0.25)) c.minLevel = r.int(110);
  if (r.chance(0.25)) c.maxLevel = r.int(110);
  if (r.chance(0.25))
    c.searchTerm = r.pick([
      'storm',
      ' FROST ',
      'bane',
      'ember',
      'venom',
      'x',
      '',
      '  ',
      '(s)',
      'e',
      'stormbane',
      'Iron Void',
      'orm',
      'zzz',
      'ane ',
      'TORM',
      'ember (s',
    ]);
  if (r.chance(0.3))
    c.rarity = r.pick([...CLASSES, 'EPIC', 'legendary', 'double rare mi', 'Rare', 'Mythical', '', ' Epic']);
  if (r.chance(0.3)) {
    const parts = Array.from({ length: 1 + r.int(3) }, () =>
      r.pick([...TAGS, 'setItem', 'listedForTrade', 'notlistedfortrade', 'unknownTag', ' petDamage ', '']),
    );
    c.filter = parts.join(';');
  }
  return c;
}

describe('the search index against a plain filter over every open listing', () => {
  it.each([1, 2, 3, 4, 5])(
    'when thousands of listings come, change, go and come back (seed %i), then every search answers as the plain filter does',
    (seed) => {
      const r = rng(seed);
      const seasons = [1, 2];
      const index = new SearchIndex();
      const open = new Map<number, ListingDoc>();
      const known: ListingDoc[] = [];
      const track = (l: ListingDoc | null, id: number) => {
        if (l && l.state === 'open') open.set(id, l);
        else open.delete(id);
      };
      // Loaded out of order, with a few ids twice (the later copy wins) and some not open.
      const initial = Array.from({ length: 2_500 }, (_, i) => randomListing(r, 2 * i + 1, seasons));
      initial.push(randomListing(r, 5, seasons), randomListing(r, 7, seasons));
      const shuffled = [...initial].sort(() => r.next() - 0.5);
      index.load(shuffled);
      const loaded = [...shuffled].sort((a, b) => a._id - b._id);
      for (const l of loaded) track(l, l._id);
      known.push(...loaded);
      let nextId = 5_002;
      const check = (round: number) => {
        for (let q = 0; q < 40; q += 1) {
          const c = randomCriteria(r, seasons);
          const want = reference(open, c);
          const got = index.search(c);
          const context = { seed, round, criteria: { ...c, exclude: [...c.exclude] } };
          expect({ ...context, ids: got.items.map((l) => l.tradeListingId), itemCount: got.itemCount }).toEqual({
            ...context,
            ...want,
          });
          expect(got.items).toEqual(want.ids.map((id) => listingView(open.get(id)!)));
        }
        expect(index.size).toBe(open.size);
      };
      check(0);
      for (let round = 1; round <= 12; round += 1) {
        for (let op = 0; op < 400; op += 1) {
          const roll = r.next();
          if (roll < 0.3) {
            // A new listing, usually the newest, sometimes an older id arriving late (an even id).
            const id = r.chance(0.8) ? nextId++ : 2 * r.int(2_600);
            const l = randomListing(r, id, seasons);
            index.put(l);
            track(l, id);
            known.push(l);
          } else if (roll < 0.5 && known.length) {
            // A listing changes (price, comment, even its facts) or reopens.
            const before = r.pick(known);
            const l = r.chance(0.5)
              ? { ...before, askingPrice: r.int(100), state: 'open' as const }
              : randomListing(r, before._id, seasons);
            index.put(l);
            track(l, l._id);
            known.push(l);
          } else if (roll < 0.75 && open.size) {
            const id = r.pick([...open.keys()]);
            const how = r.int(3);
            if (how === 0) index.remove(id);
            else if (how === 1) index.put(null, id);
            else index.put({ ...open.get(id)!, state: 'settling' });
            open.delete(id);
          } else if (roll < 0.8) {
            index.remove(1_000_000 + r.int(10)); // unknown ids are no-ops
          }
        }
        if (round === 6) {
          // Most of the listings go at once: the index compacts and must still answer the same.
          for (const id of [...open.keys()])
            if (r.chance(0.7)) {
              index.remove(id);
              open.delete(id);
            }
        }
        check(round);
      }
    },
  );

  it('when a search filters, then listingMatches agrees with the plain filter for each listing', () => {
    const r = rng(42);
    const ls = Array.from({ length: 2_000 }, (_, i) => randomListing(r, i + 1, [1]));
    for (let q = 0; q < 200; q += 1) {
      const c = { ...randomCriteria(r, [1]), seasonId: 1, exclude: new Set<number>() };
      for (const l of ls.slice(q * 10, q * 10 + 10)) {
        const alone = new Map([[l._id, { ...l, state: 'open' as const }]]);
        expect(listingMatches(l, c)).toBe(reference(alone, { ...c, page: 1, pageSize: 10 }).itemCount === 1);
      }
    }
  });

  it('when nothing is filtered, then the total leaves out exactly the excluded players’ open listings, however deep the page', () => {
    const index = new SearchIndex();
    index.load(Array.from({ length: 300 }, (_, i) => listing(i + 1, { seasonParticipantId: 1 + (i % 7) })));
    for (let id = 1; id <= 300; id += 5) index.remove(id);
    const open = new Map<number, ListingDoc>();
    for (let i = 0; i < 300; i += 1) if (i % 5) open.set(i + 1, listing(i + 1, { seasonParticipantId: 1 + (i % 7) }));
    for (const exclude of [new Set<number>(), new Set([1]), new Set([2, 3, 99]), new Set([1, 2, 3, 4, 5, 6, 7])])
      for (const page of [1, 2, 5, 12, 13, 100])
        for (const pageSize of [10, 20, 100]) {
          const c = { seasonId: 1, exclude, page, pageSize };
          const got = index.search(c);
          expect({ ids: got.items.map((l) => l.tradeListingId), itemCount: got.itemCount }).toEqual(reference(open, c));
        }
  });
});

describe('rules', () => {
  it('median of odd, even and empty lists', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
  });

  it('the rarity class follows the stash filter list', () => {
    expect(rarityClassOf(display('Monster Infrequent', 1, 1, ['Rare', 'Rare']))).toBe('Double Rare MI');
    expect(rarityClassOf(display('Monster Infrequent', 1, 1, ['Rare', 'Magical']))).toBe('Monster Infrequent');
    expect(rarityClassOf(display('Epic', 1, 1, ['Rare', 'Rare']))).toBe('Epic');
    expect(rarityClassOf(display('Common', 1, 1, ['Rare', 'Rare']))).toBe('Double Rare Affix');
    expect(rarityClassOf(display('Common', 1, 1))).toBe('Common');
    expect(rarityClassOf(display('Common', 1, 1, ['Magical', 'Rare']))).toBe('Magical');
  });

  it('when season sent the class, then the search uses it', () => {
    const index = new SearchIndex();
    index.load([listing(1, { rarityFilter: 'Monster Infrequent', itemDisplay: display('Rare', 1, 1) }), listing(2)]);
    const ids = (rarity: string) =>
      index
        .search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, rarity })
        .items.map((l) => l.tradeListingId);
    expect(ids('Monster Infrequent')).toEqual([1]);
    expect(ids('Rare')).toEqual([1]);
    expect(ids('Epic')).toEqual([2]);
  });
});

describe('the search index over the published game data', () => {
  const fileNamed = (name: string): ItemDisplay => ({
    baseItem: { itemDbrTag: { name }, rarity: 'Common', style: null, itemTypeId: null, levelRequirement: 0 },
    prefix: null,
    suffix: null,
    itemType: '',
  });
  /** A listing uploaded before any game data: the record's file name, Common, level 0, no type. */
  const early = (id: number, record: string, over: Partial<ListingDoc> = {}) => {
    const file = record.split('/').pop()!.replace('.dbr', '');
    return listing(id, { record, itemDisplay: fileNamed(file), itemName: file, rarityFilter: 'Common', ...over });
  };
  const ids = (index: SearchIndex, q: Partial<SearchCriteria> = {}) =>
    index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, ...q }).items.map((l) => l.tradeListingId);

  it('when a set is published after listings were indexed, then rename() names, types, rates and levels them anew', async () => {
    let names: GameNames | undefined = undefined;
    const index = new SearchIndex(() => names);
    index.load([
      early(1, SCEPTER, { prefixRecord: PREFIX, suffixRecord: SUFFIX }),
      early(2, BOOTS),
      early(3, 'records/items/unknown/x01.dbr'),
    ]);
    expect(ids(index, { searchTerm: 'abominable' })).toEqual([]);
    expect(ids(index, { searchTerm: 'b203' })).toEqual([1]);
    expect(await index.rename()).toBe(0); // nothing changed: nothing rebuilt

    names = new GameNames(testGameData());
    expect(await index.rename()).toBe(3);
    expect(ids(index, { searchTerm: 'abominable scepter' })).toEqual([1]);
    expect(ids(index, { searchTerm: 'of the bear' })).toEqual([1]);
    expect(ids(index, { searchTerm: 'zepter' })).toEqual([1]); // the German name finds it too
    expect(ids(index, { searchTerm: 'b203' })).toEqual([]);
    expect(ids(index, { itemType: 7 })).toEqual([1]);
    expect(ids(index, { itemType: 18 })).toEqual([2]);
    expect(ids(index, { rarity: 'Legendary' })).toEqual([2]);
    expect(ids(index, { rarity: 'Double Rare Affix' })).toEqual([1]);
    expect(ids(index, { rarity: 'Common' })).toEqual([3]); // unknown: season's class as sent
    expect(ids(index, { minLevel: 90 })).toEqual([2]);
    expect(ids(index, { minLevel: 25, maxLevel: 40 })).toEqual([1]);
    expect(ids(index, { filter: 'setItem' })).toEqual([2]);

    const en = index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10 }).items;
    expect(en.map((l) => l.itemName)).toEqual([
      'x01',
      'Stormwalker Treads',
      "Scorching Crimson's Abominable Scepter of the Bear",
    ]);
    const de = index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, lang: 'de' }).items;
    expect(de.map((l) => l.itemName)).toEqual([
      'x01',
      'Sturmwandler-Treter',
      'Sengendes Crimsons abscheuliches Zepter des Bären',
    ]);
    expect(de[1]!.itemDisplay.baseItem).toMatchObject({
      itemDbrTag: { name: 'Sturmwandler-Treter (S)' },
      itemTypeId: 18,
    });
    expect(de[0]!.itemDisplay).toEqual(fileNamed('x01'));

    // A listing put after the set arrived is named at once; a term with a NUL finds nothing across names.
    index.put(early(4, BOOTS, { seasonParticipantId: 7 }));
    expect(ids(index, { searchTerm: 'treads' })).toEqual([4, 2]);
    expect(ids(index, { searchTerm: 'treads\u0000sturm' })).toEqual([]);
    expect(ids(index, { searchTerm: 'treads sturm' })).toEqual([]);

    // A German reader's views are named once and kept until the listing changes.
    const german = (id: number) =>
      index
        .search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, lang: 'de' })
        .items.find((l) => l.tradeListingId === id)!;
    const first = german(4);
    expect(first.itemName).toBe('Sturmwandler-Treter');
    expect(german(4)).toBe(first);
    index.put(early(4, SCEPTER, { seasonParticipantId: 7 }));
    expect(german(4).itemName).toBe('Crimsons abscheuliches Zepter');
    index.remove(4);
    index.put(early(4, BOOTS, { seasonParticipantId: 7 }));
    expect(german(4).itemName).toBe('Sturmwandler-Treter');
  });

  it('when a beta season has no set of its own, then it reads prod’s, and beta’s own once published', async () => {
    const sets: Partial<Record<'prod' | 'beta', GameNames>> = {};
    const index = new SearchIndex((b) => sets[b] ?? (b === 'beta' ? sets.prod : undefined));
    index.load([early(1, BOOTS, { isBeta: true, seasonId: 2 })]);
    const beta = (q: Partial<SearchCriteria>) => ids(index, { seasonId: 2, ...q });
    sets.prod = new GameNames(testGameData());
    await index.rename();
    expect(beta({ itemType: 18 })).toEqual([1]);
    const own = testGameData();
    own.items = own.items.map((i) => (i.record === BOOTS ? { ...i, itemType: 'Ring', itemTypeId: 19 } : i));
    sets.beta = new GameNames(own);
    expect(await index.rename()).toBe(1);
    expect(beta({ itemType: 18 })).toEqual([]);
    expect(beta({ itemType: 19 })).toEqual([1]);
  });

  it.each([7, 8])(
    'when listings of known and unknown records come and go around and during a publish (seed %i), then the index answers as listingMatches over the game data',
    async (seed) => {
      const r = rng(seed);
      let names: GameNames | undefined = undefined;
      const index = new SearchIndex(() => names);
      const open = new Map<number, ListingDoc>();
      const records = [SCEPTER, BOOTS, 'records/items/unknown/x01.dbr'];
      const affixes = ['', PREFIX, SUFFIX, 'records/items/lootaffixes/prefix/unknown.dbr'];
      const make = (id: number) => {
        const l = randomListing(r, id, [1]);
        return { ...l, record: r.pick(records), prefixRecord: r.pick(affixes), suffixRecord: r.pick(['', SUFFIX]) };
      };
      const check = () => {
        for (let q = 0; q < 60; q += 1) {
          const c = { ...randomCriteria(r, [1]), seasonId: 1, page: 1, pageSize: 100 };
          if (r.chance(0.4)) c.searchTerm = r.pick(['scepter', 'zepter', 'treads', 'bear', 'bären', 'x01', 'storm']);
          const want = [...open.values()]
            .filter((l) => !c.exclude.has(l.seasonParticipantId) && listingMatches(l, c, names))
            .map((l) => l._id)
            .sort((a, b) => b - a);
          const got = index.search(c);
          expect({ c: { ...c, exclude: [...c.exclude] }, ids: got.items.map((l) => l.tradeListingId) }).toEqual({
            c: { ...c, exclude: [...c.exclude] },
            ids: want.slice(0, 100),
          });
          expect(got.itemCount).toBe(want.length);
        }
      };
      const churn = (n: number) => {
        for (let i = 0; i < n; i += 1) {
          const id = 1 + r.int(400);
          if (r.chance(0.7)) {
            const l = make(id);
            index.put(l);
            if (l.state === 'open') open.set(id, l);
            else open.delete(id);
          } else {
            index.remove(id);
            open.delete(id);
          }
        }
      };
      /** Renames in small chunks while listings keep coming and going between them. */
      const renameDuring = async (publish: () => void, again?: () => void) => {
        publish();
        const first = index.rename(13);
        for (let i = 0; i < 25; i += 1) {
          churn(12);
          index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, searchTerm: 'e' });
          if (i === 10 && again) {
            again(); // a newer set while this rename runs: it stops, the newer one finishes the work
            void index.rename(13);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
        await first;
        await index.idle();
      };
      churn(600);
      check();
      await renameDuring(() => (names = new GameNames(testGameData())));
      check();
      churn(300);
      check();
      const other = testGameData();
      other.items = other.items.map((i) => ({ ...i, itemType: 'Ring', itemTypeId: 19, levelRequirement: 3 }));
      other.texts[0]!.tags.tagD201Feet = 'Other Treads';
      await renameDuring(
        () => (names = new GameNames(testGameData())),
        () => (names = new GameNames(other)),
      );
      check();
      expect(index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, itemType: 18 }).itemCount).toBe(0);

      // The periodic resync: the store's open listings as read a moment ago, loaded in chunks while listings
      // keep changing, and a set published in the middle (its rename waits for the reload).
      const reloading = index.reload([...open.values()], 17);
      for (let i = 0; i < 20; i += 1) {
        churn(12);
        if (i === 5) {
          names = new GameNames(testGameData());
          void index.rename(17);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await reloading).toBe(true);
      await index.idle();
      check();
    },
  );

  it('when the index is loaded in full while a rename runs, then the rename stops and the load’s names stand', async () => {
    let names: GameNames | undefined = undefined;
    const index = new SearchIndex(() => names);
    const all = Array.from({ length: 100 }, (_, i) => early(i + 1, i % 2 ? BOOTS : SCEPTER));
    index.load(all);
    names = new GameNames(testGameData());
    const renaming = index.rename(10);
    await new Promise((resolve) => setImmediate(resolve));
    index.load(all.slice(0, 50));
    expect(await renaming).toBeLessThan(100);
    expect(index.size).toBe(50);
    expect(ids(index, { itemType: 18 })).toHaveLength(10); // page of 10 out of 25 boots
    expect(index.search({ seasonId: 1, exclude: new Set(), page: 1, pageSize: 10, itemType: 18 }).itemCount).toBe(25);
  });
});
