import type { TradeListing } from '@league/contracts';
import type { ListingDoc } from './ports';
import { levelOf, listingView, parseFilter, rarityClassOf } from './rules';

interface Entry {
  id: number;
  seasonId: number;
  participantId: number;
  nameLower: string;
  name: string;
  itemTypeId: number | null;
  level: number;
  /** Lower-cased rarity class and base rarity, compared against the lower-cased filter. */
  rarityClass: string;
  baseRarity: string;
  isSet: boolean;
  tags: Set<string>;
  listing: ListingDoc;
  view: TradeListing;
  removed: boolean;
}

interface SeasonShard {
  byId: Map<number, Entry>;
  /** Ascending by id; removed entries stay as tombstones until the next compaction. */
  order: Entry[];
  tombstones: number;
}

export interface SearchCriteria {
  seasonId: number;
  /** Listings of these participants are left out (the searcher and everyone blocked either way). */
  exclude: ReadonlySet<number>;
  page: number;
  pageSize: number;
  searchTerm?: string;
  filter?: string;
  itemType?: number;
  minLevel?: number;
  maxLevel?: number;
  rarity?: string;
}

/**
 * The trading post's search read model: every open listing, in memory, per season, newest first. FerretDB
 * evaluates anything but top-level equality in its own process after fetching every candidate, so a
 * search over 100,000 listings in the store takes seconds; here it is one pass over an array. Each
 * replica keeps its own copy: loaded in full at start (and on a slow timer), and kept fresh by reloading
 * a listing whenever any replica changes it (Redis pub/sub, see push.ts).
 */
export class SearchIndex {
  private readonly seasons = new Map<number, SeasonShard>();

  get size(): number {
    let n = 0;
    for (const s of this.seasons.values()) n += s.byId.size;
    return n;
  }

  /** Replaces the whole index (start and periodic resync). */
  load(listings: ListingDoc[]): void {
    this.seasons.clear();
    const sorted = [...listings].sort((a, b) => a._id - b._id);
    for (const l of sorted) this.put(l);
  }

  /** Puts an open listing in (or refreshes it); anything not open is taken out. */
  put(l: ListingDoc | null, id?: number): void {
    const listingId = l?._id ?? id;
    if (listingId === undefined) return;
    if (!l || l.state !== 'open') {
      this.remove(listingId);
      return;
    }
    const shard = this.shard(l.seasonId);
    const entry: Entry = {
      id: l._id,
      seasonId: l.seasonId,
      participantId: l.seasonParticipantId,
      nameLower: l.itemName.toLowerCase(),
      name: l.itemName,
      itemTypeId: l.itemDisplay.baseItem.itemTypeId,
      level: levelOf(l.itemDisplay),
      rarityClass: (l.rarityFilter ?? rarityClassOf(l.itemDisplay)).toLowerCase(),
      baseRarity: l.itemDisplay.baseItem.rarity.toLowerCase(),
      isSet: l.itemName.includes('(S)'),
      tags: new Set(l.statTags),
      listing: l,
      view: listingView(l),
      removed: false,
    };
    const existing = shard.byId.get(l._id);
    if (existing) {
      Object.assign(existing, entry);
      return;
    }
    // Moved between seasons (never in practice): drop the old copy.
    for (const [sid, other] of this.seasons) if (sid !== l.seasonId && other.byId.has(l._id)) this.remove(l._id);
    shard.byId.set(l._id, entry);
    const last = shard.order[shard.order.length - 1];
    if (!last || last.id < l._id) shard.order.push(entry);
    else shard.order.splice(this.insertAt(shard.order, l._id), 0, entry);
  }

  remove(id: number): void {
    for (const shard of this.seasons.values()) {
      const e = shard.byId.get(id);
      if (!e) continue;
      e.removed = true;
      shard.byId.delete(id);
      shard.tombstones += 1;
      if (shard.tombstones > 1_000 && shard.tombstones > shard.order.length / 4) {
        shard.order = shard.order.filter((x) => !x.removed);
        shard.tombstones = 0;
      }
    }
  }

  search(c: SearchCriteria): { items: TradeListing[]; itemCount: number } {
    const shard = this.seasons.get(c.seasonId);
    if (!shard) return { items: [], itemCount: 0 };
    const term = c.searchTerm?.trim().toLowerCase() || undefined;
    // Every per-entry test is a comparison of precomputed values: the scan is the whole cost.
    const tags = parseFilter(c.filter);
    const wantsSet = tags.includes('setItem');
    const statTags = tags.filter((t) => t !== 'setItem');
    const rarity = c.rarity?.toLowerCase();
    const from = (c.page - 1) * c.pageSize;
    const to = from + c.pageSize;
    const items: TradeListing[] = [];
    let count = 0;
    for (let i = shard.order.length - 1; i >= 0; i -= 1) {
      const e = shard.order[i]!;
      if (e.removed || c.exclude.has(e.participantId)) continue;
      if (c.itemType !== undefined && e.itemTypeId !== c.itemType) continue;
      if (c.minLevel !== undefined && e.level < c.minLevel) continue;
      if (c.maxLevel !== undefined && e.level > c.maxLevel) continue;
      if (term && !e.nameLower.includes(term)) continue;
      if (rarity && e.rarityClass !== rarity && e.baseRarity !== rarity) continue;
      if (wantsSet && !e.isSet) continue;
      if (statTags.length && !statTags.every((t) => e.tags.has(t))) continue;
      if (count >= from && count < to) items.push(e.view);
      count += 1;
    }
    return { items, itemCount: count };
  }

  private shard(seasonId: number): SeasonShard {
    let s = this.seasons.get(seasonId);
    if (!s) {
      s = { byId: new Map(), order: [], tombstones: 0 };
      this.seasons.set(seasonId, s);
    }
    return s;
  }

  private insertAt(order: Entry[], id: number): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order[mid]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
