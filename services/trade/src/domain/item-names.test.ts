import type { ItemDisplay } from '@league/contracts';
import { GameNames } from '@league/gamefiles';
import { BOOTS, PREFIX, SCEPTER, SUFFIX, testGameData } from '../../test/game-data-set';
import {
  fullName,
  itemFacts,
  nameItem,
  namedListingView,
  namedNotificationView,
  notificationText,
  rarityClassNamed,
} from './item-names';
import type { ListingDoc, NotificationDoc } from './ports';

const names = new GameNames(testGameData());

/** A display as season sends it for an item uploaded before any game data: the file name, Common, level 0, no type. */
const fileNamed = (name: string): ItemDisplay => ({
  baseItem: { itemDbrTag: { name }, rarity: 'Common', style: null, itemTypeId: null, levelRequirement: 0 },
  prefix: null,
  suffix: null,
  itemType: '',
});

const stored = (record: string, over: Partial<ListingDoc> = {}) => ({
  record,
  prefixRecord: '',
  suffixRecord: '',
  itemDisplay: fileNamed(record.split('/').pop()!.replace('.dbr', '')),
  itemName: record.split('/').pop()!.replace('.dbr', ''),
  rarityFilter: 'Common',
  ...over,
});

describe('naming an item from the published game data', () => {
  it('when the game data knows none of its records, then the stored display and name are kept as they are', () => {
    const item = stored('records/items/unknown/x01.dbr');
    for (const n of [nameItem(names, 'en', item), nameItem(undefined, 'de', item)]) {
      expect(n.renamed).toBe(false);
      expect(n.itemDisplay).toBe(item.itemDisplay);
      expect(n.itemName).toBe('x01');
    }
    expect(fullName(names, 'en', item)).toBeUndefined();
  });

  it('when it knows the base and its affixes, then names, type, rarity and level are the game data’s, in the reader’s language', () => {
    const item = stored(SCEPTER, { prefixRecord: PREFIX, suffixRecord: SUFFIX });
    const en = nameItem(names, 'en', item);
    expect(en.renamed).toBe(true);
    expect(en.itemName).toBe("Scorching Crimson's Abominable Scepter of the Bear");
    expect(en.itemDisplay.baseItem).toMatchObject({
      itemDbrTag: { name: "Crimson's Abominable Scepter" },
      rarity: 'Rare',
      itemTypeId: 7,
      levelRequirement: 30, // the highest of base (1), prefix (20) and suffix (30)
    });
    expect(en.itemDisplay.itemType).toBe('Scepter');
    expect(en.itemDisplay.prefix).toMatchObject({ itemDbrTag: { name: 'Scorching' }, rarity: 'Rare' });
    expect(nameItem(names, 'de', item).itemName).toBe('Sengendes Crimsons abscheuliches Zepter des Bären');
    expect(fullName(names, 'de', item)).toBe('Sengendes Crimsons abscheuliches Zepter des Bären');
    // One affix the game data does not hold: no composed full name for a text-only view.
    expect(
      fullName(names, 'en', { ...item, suffixRecord: 'records/items/lootaffixes/suffix/nope.dbr' }),
    ).toBeUndefined();
  });

  it('when the game data names an item, then its rarity class follows the game data, keeping season’s monster infrequent', () => {
    const item = stored(SCEPTER, { prefixRecord: PREFIX, suffixRecord: SUFFIX });
    const d = nameItem(names, 'en', item).itemDisplay;
    expect(rarityClassNamed('Common', d, true)).toBe('Double Rare Affix');
    expect(rarityClassNamed('Monster Infrequent', d, true)).toBe('Double Rare MI');
    expect(rarityClassNamed('Common', d, false)).toBe('Common'); // not named: season's class as sent
    expect(rarityClassNamed(null, fileNamed('x'), false)).toBe('Common');
    const boots = nameItem(names, 'en', stored(BOOTS, { rarityFilter: 'Monster Infrequent' }));
    expect(rarityClassNamed('Monster Infrequent', boots.itemDisplay, true)).toBe('Legendary');
  });

  it('when a search compares an item, then it sees the game data’s facts and its names in every language', () => {
    const f = itemFacts(stored(BOOTS), names);
    expect(f).toMatchObject({
      itemTypeId: 18,
      level: 94,
      rarityClass: 'legendary',
      baseRarity: 'legendary',
      isSet: true,
    });
    expect(f.nameLower.split('\u0000')).toEqual(['stormwalker treads', 'sturmwandler-treter']);
    expect(f.english.itemDisplay.baseItem.itemDbrTag.name).toBe('Stormwalker Treads (S)');
    const unknown = itemFacts(stored('records/items/unknown/x01.dbr'), names);
    expect(unknown).toMatchObject({
      itemTypeId: null,
      level: 0,
      nameLower: 'x01',
      rarityClass: 'common',
      isSet: false,
    });
  });

  it('when a listing is shown, then its item is named for the reader and the rest of the view is the listing’s', () => {
    const l = {
      _id: 5,
      seasonParticipantId: 9,
      maxCount: 3,
      owner: 'Seller',
      createdOn: new Date(0),
      ...stored(BOOTS),
    } as ListingDoc;
    const view = namedListingView({ names, lang: 'de' }, l);
    expect(view).toMatchObject({ tradeListingId: 5, owner: 'Seller', maxCount: 3, itemName: 'Sturmwandler-Treter' });
    expect(namedListingView({ names: undefined, lang: 'de' }, l).itemName).toBe('d201_feet');
  });
});

describe('notification texts', () => {
  const listing = { ...stored(SCEPTER), isBeta: false } as ListingDoc;
  const offer = {
    items: [
      { participantItemId: 1, count: 2, itemName: 'd201_feet', record: BOOTS, prefixRecord: '', suffixRecord: '' },
      {
        participantItemId: 2,
        count: 1,
        itemName: 'Old Thing',
        record: 'records/x/old.dbr',
        prefixRecord: '',
        suffixRecord: '',
      },
    ],
  };

  it('when a notification is written, then it stores the English game names and the records behind them', () => {
    const text = notificationText(names, listing, offer);
    expect(text.listedItemName).toBe("Crimson's Abominable Scepter");
    expect(text.offeredItems).toBe('2x Stormwalker Treads, Old Thing');
    expect(text.items.listed).toEqual({ record: SCEPTER, prefixRecord: '', suffixRecord: '' });
    expect(text.items.offered).toHaveLength(2);
    // Written before any game data: the stored names, and still the records.
    const before = notificationText(undefined, listing, offer);
    expect([before.listedItemName, before.offeredItems]).toEqual(['b203_scepter', '2x d201_feet, Old Thing']);
  });

  it('when a reader lists notifications, then the items are named in their language; texts without records stay as stored', () => {
    const text = notificationText(undefined, listing, offer);
    const doc: NotificationDoc = {
      _id: 1,
      key: 'k',
      seasonParticipantId: 9,
      offerFrom: 'Buyer',
      status: 'Incoming',
      listedItemName: text.listedItemName,
      offeredItems: text.offeredItems,
      items: text.items,
      createdOn: new Date(0),
      acknowledgedOn: null,
    };
    expect(namedNotificationView({ names, lang: 'de' }, doc)).toMatchObject({
      listedItemName: 'Crimsons abscheuliches Zepter',
      offeredItems: '2x Sturmwandler-Treter, Old Thing',
    });
    const { items: _, ...older } = doc;
    expect(namedNotificationView({ names, lang: 'de' }, older)).toMatchObject({
      listedItemName: 'b203_scepter',
      offeredItems: '2x d201_feet, Old Thing',
    });
  });
});
