import type { ItemDisplay, TradeListing, TradeNotification } from '@league/contracts';
import { namedItem, SET_MARK, type GameNames } from '@league/gamefiles';
import { pickLanguage } from '@league/platform';
import type { ItemRecords, ListingDoc, NotificationDoc, NotificationItems, OfferDoc } from './ports';
import { levelOf, listingView, notificationView, offeredItemsText, rarityClassOf } from './rules';

// Items by their game names: trade stores the display season sent with an item (computed when the item last
// changed, perhaps before any game data existed) and names it again from the published game data of the
// listing's branch whenever it shows or searches it, so nothing stored has to be rewritten when a set arrives.

export type Branch = 'prod' | 'beta';
export const branchOf = (isBeta: boolean | null | undefined): Branch => (isBeta ? 'beta' : 'prod');

/** The language names are stored and indexed in first (and the one a view without a reader's language gets). */
export const ENGLISH = 'en';

/** The published game data of each branch as trade reads it (beta falls back to prod); undefined: none yet. */
export type GameNamesOf = (branch: Branch) => GameNames | undefined;

/** The game data a view is named from, and the reader's language. */
export interface Naming {
  names: GameNames | undefined;
  lang: string;
}

/** An item as trade keeps it: its records, and the display and name season sent with it. */
export interface StoredItem {
  record: string;
  prefixRecord?: string | null;
  suffixRecord?: string | null;
  itemDisplay: ItemDisplay;
  itemName: string;
}

/** The records of an item, as `namedItem` takes them (an empty affix record is no affix). */
const recordsOf = (item: Pick<StoredItem, 'record' | 'prefixRecord' | 'suffixRecord'>) => ({
  base: item.record,
  prefix: item.prefixRecord || null,
  suffix: item.suffixRecord || null,
});

export interface Named {
  itemDisplay: ItemDisplay;
  itemName: string;
  /** False when the game data knew none of its records: then the display and name are the stored ones. */
  renamed: boolean;
}

/** The item's display and name in `lang` from the game data, over the stored ones (the same objects when it knows none of its records). */
export function nameItem(names: GameNames | undefined, lang: string, item: StoredItem): Named {
  if (!names || !item.record) return { itemDisplay: item.itemDisplay, itemName: item.itemName, renamed: false };
  const stored = { itemDisplay: item.itemDisplay, itemName: item.itemName };
  const n = namedItem(names, lang, recordsOf(item), stored);
  const renamed = n.itemDisplay !== item.itemDisplay;
  return renamed
    ? { itemDisplay: n.itemDisplay, itemName: n.itemName, renamed }
    : { itemDisplay: item.itemDisplay, itemName: item.itemName, renamed };
}

/**
 * The full name in `lang` when the game data holds the base item and every affix of it (the game's own
 * composition), else undefined. For texts that keep only a name (notifications, offered items).
 */
export function fullName(
  names: GameNames | undefined,
  lang: string,
  item: Pick<StoredItem, 'record' | 'prefixRecord' | 'suffixRecord'>,
): string | undefined {
  if (!names || !item.record || !names.itemData(item.record)) return undefined;
  if (item.prefixRecord && !names.affixData(item.prefixRecord)) return undefined;
  if (item.suffixRecord && !names.affixData(item.suffixRecord)) return undefined;
  return names.itemName(lang, {
    base: item.record,
    prefix: item.prefixRecord || undefined,
    suffix: item.suffixRecord || undefined,
  });
}

const MONSTER_INFREQUENT = new Set(['Monster Infrequent', 'Double Rare MI']);

/**
 * The stash's rarity filter class of a display. Season's class is taken as sent while the game data knew
 * nothing of the item; once it names the item, the class follows the game data's rarities (base and
 * affixes). The game data does not say which bases are monster infrequent, so that one fact is kept from
 * season's class.
 */
export function rarityClassNamed(stored: string | null | undefined, d: ItemDisplay, renamed: boolean): string {
  if (!renamed) return stored ?? rarityClassOf(d);
  const base = d.baseItem.rarity;
  if (base !== 'Legendary' && base !== 'Epic' && stored && MONSTER_INFREQUENT.has(stored))
    return rarityClassOf({ ...d, baseItem: { ...d.baseItem, rarity: 'Monster Infrequent' } });
  return rarityClassOf(d);
}

/** What a search (and a saved search) compares of an item, named from the game data where it can be. */
export interface ItemFacts {
  /** The English display and name (the stored ones when the game data knows none of its records). */
  english: Named;
  itemTypeId: unknown;
  level: number;
  /**
   * The names a search term is looked for in, lower-cased: the English one and the item's name in every
   * other language the game data holds, joined by a NUL (which no search term holds).
   */
  nameLower: string;
  /** Lower-cased rarity class and base rarity. */
  rarityClass: string;
  baseRarity: string;
  isSet: boolean;
}

export const NAME_SEPARATOR = '\u0000';

export function itemFacts(
  item: StoredItem & { rarityFilter?: string | null },
  names: GameNames | undefined,
): ItemFacts {
  const english = nameItem(names, ENGLISH, item);
  const d = english.itemDisplay;
  let nameLower = english.itemName.toLowerCase();
  if (english.renamed && names)
    for (const lang of names.languages) {
      if (lang === ENGLISH) continue;
      // The game's composition when it knows every part (no display built), else the parts it knows.
      const other = (fullName(names, lang, item) ?? nameItem(names, lang, item).itemName).toLowerCase();
      if (!nameLower.split(NAME_SEPARATOR).includes(other)) nameLower += NAME_SEPARATOR + other;
    }
  return {
    english,
    itemTypeId: d.baseItem.itemTypeId,
    level: levelOf(d),
    nameLower,
    rarityClass: rarityClassNamed(item.rarityFilter, d, english.renamed).toLowerCase(),
    baseRarity: d.baseItem.rarity.toLowerCase(),
    // A set item's display carries the mark on its base name (the game data's) or its name (season's).
    isSet: english.renamed
      ? d.baseItem.itemDbrTag.name.includes(SET_MARK) || english.itemName.includes(SET_MARK)
      : item.itemName.includes(SET_MARK),
  };
}

// ---------------------------------------------------------------- views and texts named for a reader

/** The reader's naming: the game data of the branch and the language picked from `Accept-Language`. */
export function namingOf(namesOf: GameNamesOf, isBeta: boolean | null | undefined, acceptLanguage?: string): Naming {
  const names = namesOf(branchOf(isBeta));
  return { names, lang: pickLanguage(acceptLanguage, names?.languages ?? []) };
}

/** A listing's view with its item named for the reader. */
export function namedListingView(naming: Naming, l: ListingDoc, maxCount = l.maxCount): TradeListing {
  const view = listingView(l, maxCount);
  const n = nameItem(naming.names, naming.lang, l);
  return n.renamed ? { ...view, itemDisplay: n.itemDisplay, itemName: n.itemName } : view;
}

const recordsOnly = (i: ItemRecords): ItemRecords => ({
  record: i.record,
  prefixRecord: i.prefixRecord,
  suffixRecord: i.suffixRecord,
});

/** Offered items with their names for a reader: the game data's where it knows every record, else as offered. */
export function offeredNames(
  names: GameNames | undefined,
  lang: string,
  items: ReadonlyArray<Partial<ItemRecords> & { count: number; itemName: string }>,
): Array<{ count: number; itemName: string }> {
  return items.map((i) => ({
    count: i.count,
    itemName: (i.record ? fullName(names, lang, i as ItemRecords) : undefined) ?? i.itemName,
  }));
}

/**
 * What a notification about a listing (and an offer on it) stores: the names in English (the game data's
 * where it knows the items, so the launcher and the live push read real names) and the records behind them,
 * so that a view names them again in its reader's language, and a notification written before the game data
 * existed gets the names once it is published.
 */
export function notificationText(
  names: GameNames | undefined,
  l: ListingDoc,
  offer?: Pick<OfferDoc, 'items'>,
): { listedItemName: string; offeredItems: string; items: NotificationItems } {
  const items: NotificationItems = { listed: recordsOnly(l) };
  if (offer && offer.items.every((i) => i.record !== undefined))
    items.offered = offer.items.map((i) => ({
      ...recordsOnly(i as ItemRecords),
      count: i.count,
      itemName: i.itemName,
    }));
  return {
    listedItemName: nameItem(names, ENGLISH, l).itemName,
    offeredItems: offer ? offeredItemsText({ items: offeredNames(names, ENGLISH, offer.items) }) : '',
    items,
  };
}

/** A notification's view with the items it names in the reader's language (the stored text where it cannot). */
export function namedNotificationView(naming: Naming, n: NotificationDoc): TradeNotification {
  const view = notificationView(n);
  const { names, lang } = naming;
  if (!n.items || !names) return view;
  const listed = n.items.listed ? fullName(names, lang, n.items.listed) : undefined;
  if (listed) view.listedItemName = listed;
  if (n.items.offered) view.offeredItems = offeredItemsText({ items: offeredNames(names, lang, n.items.offered) });
  return view;
}
