import type { GameNames } from '@league/gamefiles';
import { itemFacts, NAME_SEPARATOR } from './item-names';
import type { ListingDoc } from './ports';
import { parseFilter } from './rules';

// What a trade search's filters mean for one listing. The index (search-index.ts) answers the same over its
// columns; search-index.test.ts holds the two against each other.

/** The filters of a trade search (everything but the season, the exclusions and the page). */
export interface SearchFilters {
  searchTerm?: string;
  filter?: string;
  itemType?: number;
  minLevel?: number;
  maxLevel?: number;
  rarity?: string;
}

export interface SearchCriteria extends SearchFilters {
  seasonId: number;
  /** Listings of these participants are left out (the searcher and everyone blocked either way). */
  exclude: ReadonlySet<number>;
  page: number;
  pageSize: number;
  /** The reader's language: the page's items are named in it (English when absent). */
  lang?: string;
}

/** The listing facts a search compares, computed once per listing. */
export interface Facts {
  itemTypeId: unknown;
  level: number;
  /** The lower-cased names a term is looked for in (English, then the other languages, NUL between). */
  nameLower: string;
  /** Lower-cased rarity class and base rarity, compared against the lower-cased filter. */
  rarityClass: string;
  baseRarity: string;
  isSet: boolean;
  tags: string[];
}

/** A listing's facts, named from the game data of its branch where it knows the item (else the stored display's). */
export function factsOf(l: ListingDoc, names?: GameNames): Facts {
  const { itemTypeId, level, nameLower, rarityClass, baseRarity, isSet } = itemFacts(l, names);
  return { itemTypeId, level, nameLower, rarityClass, baseRarity, isSet, tags: l.statTags ?? [] };
}

/** A search's filters, parsed once: the trimmed lower-cased term, the lower-cased rarity, the tags. */
export interface Prepared {
  itemType: number | undefined;
  minLevel: number | undefined;
  maxLevel: number | undefined;
  term: string | undefined;
  rarity: string | undefined;
  wantsSet: boolean;
  statTags: string[];
}

export function prepare(c: SearchFilters): Prepared {
  const tags = parseFilter(c.filter);
  return {
    itemType: c.itemType,
    minLevel: c.minLevel,
    maxLevel: c.maxLevel,
    term: c.searchTerm?.replaceAll(NAME_SEPARATOR, '').trim().toLowerCase() || undefined,
    rarity: c.rarity?.toLowerCase() || undefined,
    wantsSet: tags.includes('setItem'),
    statTags: tags.filter((t) => t !== 'setItem'),
  };
}

function factsMatch(f: Facts, p: Prepared): boolean {
  if (p.itemType !== undefined && f.itemTypeId !== p.itemType) return false;
  if (p.minLevel !== undefined && f.level < p.minLevel) return false;
  if (p.maxLevel !== undefined && f.level > p.maxLevel) return false;
  if (p.term && !f.nameLower.includes(p.term)) return false;
  if (p.rarity && f.rarityClass !== p.rarity && f.baseRarity !== p.rarity) return false;
  if (p.wantsSet && !f.isSet) return false;
  if (p.statTags.length && !p.statTags.every((t) => f.tags.includes(t))) return false;
  return true;
}

/**
 * Whether one listing passes a trade search's filters (not the season, the exclusions or the state): item
 * type; level range on the max of base/prefix/suffix; the trimmed term as a case-insensitive substring of
 * the name (in English or any other language the game data names it in); rarity (case-insensitive) equal
 * to the rarity class or the base rarity; `setItem` for a set item ("(S)" on its name); every other stat
 * tag of `filter`. Every fact is the game data's where `names` knows the item, else the stored display's.
 * The index answers exactly as if it ran this over every open listing of the season, newest first. Stable.
 */
export function listingMatches(l: ListingDoc, c: SearchFilters, names?: GameNames): boolean {
  return factsMatch(factsOf(l, names), prepare(c));
}
