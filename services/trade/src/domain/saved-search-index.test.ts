import type { ItemDisplay } from '@league/contracts';
import { GameNames } from '@league/gamefiles';
import { BOOTS, testGameData } from '../../test/game-data-set';
import { listingFacts, matchesListing, SavedSearchIndex, type IndexedSearch } from './saved-search-index';

const display = (rarity: string, itemTypeId: number, level: number, affixes?: [string, string]): ItemDisplay => ({
  baseItem: { itemDbrTag: { name: 'x' }, rarity, style: null, itemTypeId, levelRequirement: level },
  prefix: affixes ? { itemDbrTag: { name: 'p' }, rarity: affixes[0], levelRequirement: level + 5 } : null,
  suffix: affixes ? { itemDbrTag: { name: 's' }, rarity: affixes[1], levelRequirement: 1 } : null,
  itemType: 'Ring',
});

const facts = (over: Partial<Parameters<typeof listingFacts>[0]> = {}, names?: GameNames) =>
  listingFacts(
    {
      seasonId: 1,
      seasonParticipantId: 500,
      itemDisplay: display('Epic', 19, 50),
      itemName: 'Stormheart Ring',
      statTags: ['offensiveFire', 'defensiveLife'],
      askingCurrency: 'Scrap',
      askingPrice: 10,
      ...over,
    },
    names,
  );

let nextId = 0;
const search = (over: Partial<IndexedSearch> = {}): IndexedSearch => ({
  _id: (nextId += 1),
  seasonId: 1,
  seasonParticipantId: 100,
  paused: false,
  searchTerm: null,
  filter: null,
  itemType: null,
  minLevel: null,
  maxLevel: null,
  rarity: null,
  maxPriceCurrency: null,
  maxPrice: null,
  ...over,
});

describe('matching a listing against a saved search', () => {
  it('when each filter is met or missed, then the search matches only when every one is met', () => {
    const f = facts();
    expect(matchesListing(search(), f)).toBe(true);
    expect(matchesListing(search({ itemType: 19, rarity: 'epic', searchTerm: 'STORM' }), f)).toBe(true);
    expect(matchesListing(search({ itemType: 20 }), f)).toBe(false);
    expect(matchesListing(search({ minLevel: 51 }), f)).toBe(false);
    expect(matchesListing(search({ maxLevel: 49 }), f)).toBe(false);
    expect(matchesListing(search({ minLevel: 50, maxLevel: 50 }), f)).toBe(true);
    expect(matchesListing(search({ searchTerm: 'frost' }), f)).toBe(false);
    expect(matchesListing(search({ rarity: 'Legendary' }), f)).toBe(false);
    expect(matchesListing(search({ filter: 'offensiveFire;defensiveLife;listedForTrade' }), f)).toBe(true);
    expect(matchesListing(search({ filter: 'offensiveFire;offensiveCold' }), f)).toBe(false);
    expect(matchesListing(search({ filter: 'setItem' }), f)).toBe(false);
    expect(matchesListing(search({ filter: 'setItem' }), facts({ itemName: 'Ring (S)' }))).toBe(true);
  });

  it('when a search has a maximum price, then only listings in that currency at or below it match', () => {
    const s = search({ maxPriceCurrency: 'Scrap', maxPrice: 10 });
    expect(matchesListing(s, facts())).toBe(true);
    expect(matchesListing(s, facts({ askingPrice: 11 }))).toBe(false);
    expect(matchesListing(s, facts({ askingCurrency: 'Iron Bar' }))).toBe(false);
    expect(matchesListing(s, facts({ askingCurrency: null, askingPrice: null }))).toBe(false);
  });

  it('when the listing has rare affixes, then a search for its rarity class or its base rarity matches', () => {
    const f = facts({ itemDisplay: display('Rare', 19, 60, ['Rare', 'Rare']) });
    expect(f.level).toBe(65);
    expect(matchesListing(search({ rarity: 'Double Rare Affix' }), f)).toBe(true);
    expect(matchesListing(search({ rarity: 'rare' }), f)).toBe(true);
    expect(matchesListing(search({ rarity: 'Magical' }), f)).toBe(false);
  });
});

describe('matching a listing named from the published game data', () => {
  it('when the game data knows the listed item, then a search matches its game name (any language), type, rarity and level', () => {
    const names = new GameNames(testGameData());
    const early = {
      itemDisplay: {
        baseItem: {
          itemDbrTag: { name: 'd201_feet' },
          rarity: 'Common',
          style: null,
          itemTypeId: null,
          levelRequirement: 0,
        },
        prefix: null,
        suffix: null,
        itemType: '',
      },
      itemName: 'd201_feet',
      rarityFilter: 'Common',
      record: BOOTS,
      prefixRecord: '',
      suffixRecord: '',
    };
    const named = facts({ ...early }, names);
    expect(named).toMatchObject({ itemTypeId: 18, level: 94, rarityClass: 'legendary', isSet: true });
    for (const s of [
      search({ searchTerm: 'Stormwalker' }),
      search({ searchTerm: 'sturmwandler' }),
      search({ itemType: 18, rarity: 'Legendary', minLevel: 90, filter: 'setItem' }),
    ])
      expect(matchesListing(s, named)).toBe(true);
    expect(matchesListing(search({ searchTerm: 'd201' }), named)).toBe(false);
    // Before the data (or for a record it does not hold): the display season sent.
    const stored = facts({ ...early });
    expect(matchesListing(search({ searchTerm: 'd201' }), stored)).toBe(true);
    expect(matchesListing(search({ itemType: 18 }), stored)).toBe(false);
    expect(matchesListing(search({ searchTerm: 'd201' }), facts({ ...early, record: 'records/x/y.dbr' }, names))).toBe(
      true,
    );
  });
});

describe('the saved search index', () => {
  it('when searches are put, paused and removed, then a listing finds exactly the active matching ones of its season', () => {
    const index = new SavedSearchIndex();
    const wild = search();
    const typed = search({ itemType: 19 });
    const typedRarity = search({ itemType: 19, rarity: 'Epic' });
    const rarityOnly = search({ rarity: 'EPIC' });
    const otherType = search({ itemType: 3 });
    const otherSeason = search({ seasonId: 2 });
    const paused = search({ paused: true });
    const tooHigh = search({ itemType: 19, minLevel: 90 });
    index.load([wild, typed, typedRarity, rarityOnly, otherType, otherSeason, paused, tooHigh]);
    expect(index.size).toBe(7);

    const ids = () =>
      index
        .match(facts())
        .matches.map((s) => s._id)
        .sort((a, b) => a - b);
    expect(ids()).toEqual([wild._id, typed._id, typedRarity._id, rarityOnly._id]);
    // The other item type's bucket is never examined.
    expect(index.match(facts()).examined).toBe(5);

    index.put({ ...typed, paused: true });
    index.remove(wild._id);
    index.put({ ...paused, paused: false });
    expect(ids()).toEqual([typedRarity._id, rarityOnly._id, paused._id]);

    // A search that changes its filters moves to its new bucket.
    index.put({ ...typedRarity, itemType: 3 });
    expect(ids()).toEqual([rarityOnly._id, paused._id]);
    expect(index.watches(2)).toBe(true);
    index.put(null, otherSeason._id);
    expect(index.watches(2)).toBe(false);
  });

  it('when 10,000 searches are spread over item types and rarities, then a listing examines only its buckets', () => {
    const index = new SavedSearchIndex();
    const rarities = ['Common', 'Magical', 'Rare', 'Epic', 'Legendary', 'Double Rare Affix', 'Monster Infrequent'];
    const all: IndexedSearch[] = [];
    for (let i = 0; i < 10_000; i += 1)
      all.push(
        search({
          itemType: i % 20 === 0 ? null : i % 38,
          rarity: i % 3 === 0 ? null : rarities[i % rarities.length]!,
          seasonParticipantId: 1_000 + i,
        }),
      );
    index.load(all);
    const { matches, examined } = index.match(facts());
    const expected = all.filter((s) => matchesListing(s, facts()));
    expect(matches.map((s) => s._id).sort((a, b) => a - b)).toEqual(expected.map((s) => s._id));
    expect(examined).toBeLessThan(1_000);
  });
});
