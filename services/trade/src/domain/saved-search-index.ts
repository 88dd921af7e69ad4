import type { ItemDisplay } from '@league/contracts';
import type { GameNames } from '@league/gamefiles';
import { itemFacts, NAME_SEPARATOR } from './item-names';
import { parseFilter } from './rules';

/** What a saved search asks for (the trade search's filters plus an optional maximum price). */
export interface SavedSearchFilters {
  searchTerm: string | null;
  filter: string | null;
  itemType: number | null;
  minLevel: number | null;
  maxLevel: number | null;
  rarity: string | null;
  maxPriceCurrency: string | null;
  maxPrice: number | null;
}

/** The saved search fields the matcher needs. */
export interface IndexedSearch extends SavedSearchFilters {
  _id: number;
  seasonId: number;
  seasonParticipantId: number;
  paused: boolean;
}

/** A listing reduced to what saved searches compare, computed once per listing. */
export interface ListingFacts {
  seasonId: number;
  seasonParticipantId: number;
  itemTypeId: number | null;
  level: number;
  /** The lower-cased names a term is looked for in (English, then the other languages, NUL between). */
  nameLower: string;
  rarityClass: string;
  baseRarity: string;
  isSet: boolean;
  tags: ReadonlySet<string>;
  askingCurrency: string | null;
  askingPrice: number | null;
}

/**
 * A listing's facts for matching, named from the game data of its branch (`names`) where it knows the item's
 * records (as the trade search names it), else from the display season sent.
 */
export function listingFacts(
  l: {
    seasonId: number;
    seasonParticipantId: number;
    itemDisplay: ItemDisplay;
    itemName: string;
    statTags: string[];
    rarityFilter?: string | null;
    askingCurrency: string | null;
    askingPrice: number | null;
    record?: string;
    prefixRecord?: string;
    suffixRecord?: string;
  },
  names?: GameNames,
): ListingFacts {
  const f = itemFacts({ ...l, record: l.record ?? '' }, names);
  return {
    seasonId: l.seasonId,
    seasonParticipantId: l.seasonParticipantId,
    itemTypeId: (f.itemTypeId as number | null | undefined) ?? null,
    level: f.level,
    nameLower: f.nameLower,
    rarityClass: f.rarityClass,
    baseRarity: f.baseRarity,
    isSet: f.isSet,
    tags: new Set(l.statTags),
    askingCurrency: l.askingCurrency,
    askingPrice: l.askingPrice,
  };
}

/** A search prepared for matching: the lower-cased term and rarity and the parsed tags. */
interface Entry<T extends IndexedSearch = IndexedSearch> {
  search: T;
  bucket: string;
  term: string | undefined;
  rarity: string | undefined;
  wantsSet: boolean;
  statTags: string[];
}

/**
 * Whether a listing matches a saved search in full: the same tests as `GET /trade/trade-search` (item
 * type, level range on the max of base/prefix/suffix, case-insensitive name substring, rarity class or
 * base rarity, every stat tag, `setItem`), plus the maximum price: only a listing asking that currency at
 * no more than it (a listing taking offers only has no price and does not match a priced search).
 */
export function matchesListing(s: SavedSearchFilters, f: ListingFacts): boolean {
  return matchEntry(prepare(s as IndexedSearch), f);
}

function matchEntry(e: Omit<Entry, 'bucket'>, f: ListingFacts): boolean {
  const s = e.search;
  if (s.itemType !== null && f.itemTypeId !== s.itemType) return false;
  if (s.minLevel !== null && f.level < s.minLevel) return false;
  if (s.maxLevel !== null && f.level > s.maxLevel) return false;
  if (e.term && !f.nameLower.includes(e.term)) return false;
  if (e.rarity && f.rarityClass !== e.rarity && f.baseRarity !== e.rarity) return false;
  if (e.wantsSet && !f.isSet) return false;
  if (e.statTags.length && !e.statTags.every((t) => f.tags.has(t))) return false;
  if (s.maxPriceCurrency !== null && s.maxPrice !== null) {
    if (f.askingCurrency !== s.maxPriceCurrency || f.askingPrice === null || f.askingPrice > s.maxPrice) return false;
  }
  return true;
}

const ANY = '*';
const bucketOf = (itemType: number | null, rarity: string | undefined) => `${itemType ?? ANY}|${rarity ?? ANY}`;

function prepare<T extends IndexedSearch>(s: T): Entry<T> {
  const tags = parseFilter(s.filter ?? undefined);
  const rarity = s.rarity?.trim().toLowerCase() || undefined;
  return {
    search: s,
    bucket: bucketOf(s.itemType, rarity),
    term: s.searchTerm?.replaceAll(NAME_SEPARATOR, '').trim().toLowerCase() || undefined,
    rarity,
    wantsSet: tags.includes('setItem'),
    statTags: tags.filter((t) => t !== 'setItem'),
  };
}

/**
 * The saved searches that keep watching, in memory per replica: season → bucket → searches, where the
 * bucket is the search's item type and lower-cased rarity (each `*` when the search leaves it open). A
 * listing probes at most six buckets ({its type, *} × {its rarity class, its base rarity, *}) and checks
 * only the searches found there in full, so the cost of one listing grows with the searches that could
 * match it, not with every search of the season. Paused searches are not indexed (they are silent).
 */
export class SavedSearchIndex<T extends IndexedSearch = IndexedSearch> {
  private readonly seasons = new Map<number, Map<string, Map<number, Entry<T>>>>();
  private readonly where = new Map<number, { seasonId: number; bucket: string }>();

  get size(): number {
    return this.where.size;
  }

  load(searches: T[]): void {
    this.seasons.clear();
    this.where.clear();
    for (const s of searches) this.put(s);
  }

  /** Puts a search in (or refreshes it); a paused or missing one is taken out. */
  put(s: T | null, id?: number): void {
    const searchId = s?._id ?? id;
    if (searchId === undefined) return;
    this.remove(searchId);
    if (!s || s.paused) return;
    const entry = prepare(s);
    let season = this.seasons.get(s.seasonId);
    if (!season) {
      season = new Map();
      this.seasons.set(s.seasonId, season);
    }
    let bucket = season.get(entry.bucket);
    if (!bucket) {
      bucket = new Map();
      season.set(entry.bucket, bucket);
    }
    bucket.set(s._id, entry);
    this.where.set(s._id, { seasonId: s.seasonId, bucket: entry.bucket });
  }

  remove(id: number): void {
    const at = this.where.get(id);
    if (!at) return;
    this.where.delete(id);
    const season = this.seasons.get(at.seasonId);
    const bucket = season?.get(at.bucket);
    bucket?.delete(id);
    if (bucket && !bucket.size) season!.delete(at.bucket);
    if (season && !season.size) this.seasons.delete(at.seasonId);
  }

  /** Whether any active search watches this season (a cheap test before the listing is read). */
  watches(seasonId: number): boolean {
    return this.seasons.has(seasonId);
  }

  /** The active searches of the listing's season that match it in full, and how many were examined. */
  match(f: ListingFacts): { matches: T[]; examined: number } {
    const season = this.seasons.get(f.seasonId);
    if (!season) return { matches: [], examined: 0 };
    const types = f.itemTypeId === null ? [ANY] : [String(f.itemTypeId), ANY];
    const rarities = [...new Set([f.rarityClass, f.baseRarity, ANY])];
    const matches: T[] = [];
    let examined = 0;
    for (const t of types)
      for (const r of rarities) {
        const bucket = season.get(`${t}|${r}`);
        if (!bucket) continue;
        for (const e of bucket.values()) {
          examined += 1;
          if (matchEntry(e, f)) matches.push(e.search);
        }
      }
    return { matches, examined };
  }
}
