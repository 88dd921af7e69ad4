import type { ListingDoc } from './ports';
import { levelOf, parseFilter, rarityClassOf } from './rules';

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
}

/** The listing facts a search compares, computed once per listing. */
export interface Facts {
  itemTypeId: unknown;
  level: number;
  nameLower: string;
  /** Lower-cased rarity class and base rarity, compared against the lower-cased filter. */
  rarityClass: string;
  baseRarity: string;
  isSet: boolean;
  tags: string[];
}

export function factsOf(l: ListingDoc): Facts {
  return {
    itemTypeId: l.itemDisplay.baseItem.itemTypeId,
    level: levelOf(l.itemDisplay),
    nameLower: l.itemName.toLowerCase(),
    rarityClass: (l.rarityFilter ?? rarityClassOf(l.itemDisplay)).toLowerCase(),
    baseRarity: l.itemDisplay.baseItem.rarity.toLowerCase(),
    isSet: l.itemName.includes('(S)'),
    tags: l.statTags ?? [],
  };
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
    term: c.searchTerm?.trim().toLowerCase() || undefined,
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
 * the name; rarity (case-insensitive) equal to the rarity class or the base rarity; `setItem` for a name
 * with "(S)"; every other stat tag of `filter`. The index answers exactly as if it ran this over every open
 * listing of the season, newest first; saved searches may reuse it. Stable.
 */
export function listingMatches(l: ListingDoc, c: SearchFilters): boolean {
  return factsMatch(factsOf(l), prepare(c));
}
