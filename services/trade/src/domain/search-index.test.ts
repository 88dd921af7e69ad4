import type { ItemDisplay } from '@league/contracts';
import type { ListingDoc } from './ports';
import { median, rarityClassOf } from './rules';
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
