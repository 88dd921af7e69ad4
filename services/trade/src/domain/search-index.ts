import type { TradeListing } from '@league/contracts';
import type { GameNames } from '@league/gamefiles';
import { branchOf, ENGLISH, itemFacts, nameItem, type Branch, type GameNamesOf } from './item-names';
import type { ListingDoc } from './ports';
import { listingView } from './rules';
import { Dictionary, grow, NONE, SlotList } from './search-columns';
import { prepare, type Facts, type SearchCriteria } from './search-filters';

/** What the index keeps of a listing to name it again: its stored view and what naming needs besides. */
interface Source {
  /** The listing's view with the display and name season sent. */
  stored: TradeListing;
  isBeta: boolean;
  record: string;
  prefixRecord: string;
  suffixRecord: string;
  rarityFilter: string | null | undefined;
  statTags: string[];
}

function sourceOf(l: ListingDoc): Source {
  return {
    stored: listingView(l),
    isBeta: Boolean(l.isBeta),
    record: l.record,
    prefixRecord: l.prefixRecord,
    suffixRecord: l.suffixRecord,
    rarityFilter: l.rarityFilter,
    statTags: l.statTags ?? [],
  };
}

const storedItem = (src: Source) => ({
  record: src.record,
  prefixRecord: src.prefixRecord,
  suffixRecord: src.suffixRecord,
  itemDisplay: src.stored.itemDisplay,
  itemName: src.stored.itemName,
  rarityFilter: src.rarityFilter,
});

/** A listing's facts and English view, named from `names` where it knows the item. */
function named(src: Source, names: GameNames | undefined): { facts: Facts; view: TradeListing } {
  const { english, itemTypeId, level, nameLower, rarityClass, baseRarity, isSet } = itemFacts(storedItem(src), names);
  return {
    facts: { itemTypeId, level, nameLower, rarityClass, baseRarity, isSet, tags: src.statTags },
    view: english.renamed
      ? { ...src.stored, itemDisplay: english.itemDisplay, itemName: english.itemName }
      : src.stored,
  };
}

/**
 * One season's open listings, column by column. Each listing has a slot (given in arrival order), and
 * every fact a search compares is a small number in a typed array at that slot (names, rarities, item
 * types, participants and tags as dictionary codes; each stat tag a bitmap over slots), so a search is
 * one tight pass over flat memory instead of a walk over objects, with no per-listing allocation.
 * `order` holds the slots by listing id; a search walks it backwards (newest first), or the posting list
 * of the item type or rarity asked for when that is shorter. Without any filter the total is the open
 * count minus the excluded participants' open counts, and the walk stops once the page is filled.
 * Removed listings stay as dead slots (still in `order` and their posting lists, skipped) until the next
 * compaction; a listing that reopens takes its old slot back.
 */
class Shard {
  byId = new Map<number, number>();
  /** Dead slots by listing id (a reopened listing takes its slot back, keeping `order` sorted). */
  deadById = new Map<number, number>();
  slots = 0;
  dead = 0;
  order = new SlotList();
  // Columns, by slot.
  ids = new Float64Array(0);
  live = new Uint8Array(0);
  part = new Int32Array(0);
  type = new Int32Array(0);
  level = new Float64Array(0);
  name = new Int32Array(0);
  rarityClass = new Int32Array(0);
  baseRarity = new Int32Array(0);
  isSet = new Uint8Array(0);
  /** By slot, the listing's view in English (named from the game data) and what it was named from. */
  views: TradeListing[] = [];
  sources: Source[] = [];
  /** By language and slot, the views shown to readers of other languages, named on first use. */
  langViews = new Map<string, Array<TradeListing | undefined>>();
  tagCodes: number[][] = [];
  // Dictionaries.
  participants = new Dictionary<number>();
  types = new Dictionary<unknown>();
  names = new Dictionary<string>();
  rarities = new Dictionary<string>();
  tags = new Dictionary<string>();
  /** Per stat tag code, a bitmap over slots (live slots only). */
  tagBits: Uint32Array[] = [];
  /** Per item type code, its slots (live and dead). */
  byType: SlotList[] = [];
  /** Per rarity code, the slots whose rarity class or base rarity it is (live and dead). */
  byRarity: SlotList[] = [];
  /** Per participant code, the number of open listings. */
  openOf = new Int32Array(0);
  /** Reused per search: 1 for an excluded participant code. */
  excluded = new Uint8Array(0);
  /** The last terms searched: which names (by code) contain them, checked up to `upTo`. */
  termCache = new Map<string, { mask: Uint8Array; upTo: number }>();
  /** Per trigram of the lower-cased names, the codes of the names holding it (built on the first term). */
  grams = new Map<string, number[]>();
  gramsUpTo = 0;
  constructor(
    /** The season's branch (its listings'). */
    readonly branch: Branch,
    /** The game data the season was last named from in whole (at its creation or its last rename). */
    readonly gameNames: GameNames | undefined,
  ) {}

  get liveCount(): number {
    return this.byId.size;
  }

  put(l: ListingDoc, names: GameNames | undefined): void {
    this.putSource(l._id, l.seasonParticipantId, sourceOf(l), names);
  }

  putSource(id: number, participantId: number, src: Source, names: GameNames | undefined): void {
    const { facts, view } = named(src, names);
    this.insert(id, participantId, facts, view, src);
  }

  /** The facts of a slot, read back from the columns (for compaction). */
  factsAt(s: number): Facts {
    return {
      itemTypeId: this.types.values[this.type[s]!],
      level: this.level[s]!,
      nameLower: this.names.values[this.name[s]!]!,
      rarityClass: this.rarities.values[this.rarityClass[s]!]!,
      baseRarity: this.rarities.values[this.baseRarity[s]!]!,
      isSet: this.isSet[s] === 1,
      tags: this.tagCodes[s]!.map((c) => this.tags.values[c]!),
    };
  }

  insert(id: number, participantId: number, f: Facts, view: TradeListing, src: Source): void {
    const existing = this.byId.get(id) ?? this.deadById.get(id);
    if (existing !== undefined) {
      if (this.deadById.delete(id)) {
        this.dead -= 1;
        this.byId.set(id, existing);
      }
      this.write(existing, participantId, f, view, src, false);
      return;
    }
    const slot = this.slots;
    this.slots += 1;
    this.ids = grow(this.ids, this.slots);
    this.live = grow(this.live, this.slots);
    this.part = grow(this.part, this.slots);
    this.type = grow(this.type, this.slots);
    this.level = grow(this.level, this.slots);
    this.name = grow(this.name, this.slots);
    this.rarityClass = grow(this.rarityClass, this.slots);
    this.baseRarity = grow(this.baseRarity, this.slots);
    this.isSet = grow(this.isSet, this.slots);
    this.ids[slot] = id;
    this.tagCodes[slot] = [];
    this.byId.set(id, slot);
    this.order.insert(slot, this.ids);
    this.write(slot, participantId, f, view, src, true);
  }

  /** Marks the listing's slot dead; true when the shard had it open. */
  remove(id: number): boolean {
    const slot = this.byId.get(id);
    if (slot === undefined) return false;
    this.byId.delete(id);
    this.unindex(slot);
    this.live[slot] = 0;
    this.views[slot] = undefined as unknown as TradeListing;
    this.sources[slot] = undefined as unknown as Source;
    for (const cached of this.langViews.values()) cached[slot] = undefined;
    this.deadById.set(id, slot);
    this.dead += 1;
    return true;
  }

  needsCompaction(): boolean {
    return this.dead > 1_000 && this.dead > this.slots / 4;
  }

  private write(slot: number, participantId: number, f: Facts, view: TradeListing, src: Source, fresh: boolean): void {
    if (this.live[slot]) this.unindex(slot);
    const type = this.types.code(f.itemTypeId);
    const rc = this.rarities.code(f.rarityClass);
    const br = this.rarities.code(f.baseRarity);
    // Posting lists: a new slot joins its lists; a rewritten one moves only when a key changed.
    if (fresh || this.type[slot] !== type) {
      if (!fresh) this.byType[this.type[slot]!]!.delete(slot, this.ids);
      (this.byType[type] ??= new SlotList()).insert(slot, this.ids);
    }
    const oldKeys = fresh ? [] : [this.rarityClass[slot]!, this.baseRarity[slot]!];
    const newKeys = [rc, br];
    for (const k of new Set(oldKeys)) if (!newKeys.includes(k)) this.byRarity[k]!.delete(slot, this.ids);
    for (const k of new Set(newKeys))
      if (!oldKeys.includes(k)) (this.byRarity[k] ??= new SlotList()).insert(slot, this.ids);

    const p = this.participants.code(participantId);
    this.openOf = grow(this.openOf, this.participants.values.length);
    this.openOf[p]! += 1;
    this.live[slot] = 1;
    this.part[slot] = p;
    this.type[slot] = type;
    this.level[slot] = f.level;
    this.name[slot] = this.names.code(f.nameLower);
    this.rarityClass[slot] = rc;
    this.baseRarity[slot] = br;
    this.isSet[slot] = f.isSet ? 1 : 0;
    this.views[slot] = view;
    this.sources[slot] = src;
    for (const cached of this.langViews.values()) cached[slot] = undefined;
    const codes: number[] = [];
    for (const tag of f.tags) {
      const c = this.tags.code(tag);
      if (codes.includes(c)) continue;
      codes.push(c);
      let bits = this.tagBits[c];
      if (!bits || bits.length * 32 <= slot) {
        const bigger = new Uint32Array(Math.max(((slot >> 5) + 1) * 2, 64));
        if (bits) bigger.set(bits);
        bits = bigger;
        this.tagBits[c] = bits;
      }
      bits[slot >> 5]! |= 1 << (slot & 31);
    }
    this.tagCodes[slot] = codes;
  }

  /** Takes a live slot out of the open counts and tag bitmaps (before it is rewritten or removed). */
  private unindex(slot: number): void {
    this.openOf[this.part[slot]!]! -= 1;
    for (const c of this.tagCodes[slot]!) this.tagBits[c]![slot >> 5]! &= ~(1 << (slot & 31));
    this.tagCodes[slot] = [];
  }

  /** Which names contain `term`, by name code (cached for the last terms; names are only ever added). */
  private termMask(term: string): Uint8Array {
    let hit = this.termCache.get(term);
    if (hit) this.termCache.delete(term);
    else {
      if (this.termCache.size >= 32) this.termCache.delete(this.termCache.keys().next().value!);
      hit = { mask: new Uint8Array(0), upTo: 0 };
    }
    this.termCache.set(term, hit);
    this.indexGrams();
    const names = this.names.values;
    if (hit.upTo < names.length) {
      hit.mask = grow(hit.mask, names.length);
      // A name holds the term only if it holds each of the term's trigrams: check the names of its rarest.
      let candidates: number[] | undefined;
      if (term.length >= 3 && hit.upTo === 0)
        for (let i = 0; i + 3 <= term.length; i += 1) {
          const list = this.grams.get(term.slice(i, i + 3)) ?? [];
          if (!candidates || list.length < candidates.length) candidates = list;
        }
      if (candidates) for (const code of candidates) hit.mask[code] = names[code]!.includes(term) ? 1 : 0;
      else for (let i = hit.upTo; i < names.length; i += 1) hit.mask[i] = names[i]!.includes(term) ? 1 : 0;
      hit.upTo = names.length;
    }
    return hit.mask;
  }

  /** Adds the names not yet in the trigram lists (each name's distinct trigrams, name codes ascending). */
  private indexGrams(): void {
    const names = this.names.values;
    for (let code = this.gramsUpTo; code < names.length; code += 1) {
      const n = names[code]!;
      for (let i = 0; i + 3 <= n.length; i += 1) {
        const g = n.slice(i, i + 3);
        let list = this.grams.get(g);
        if (!list) this.grams.set(g, (list = []));
        if (list[list.length - 1] !== code) list.push(code);
      }
    }
    this.gramsUpTo = names.length;
  }

  /** A slot's view named in `lang` (kept until the slot changes: a page is shown again and again). */
  private viewIn(s: number, lang: string, names: GameNames): TradeListing {
    let cached = this.langViews.get(lang);
    if (!cached) this.langViews.set(lang, (cached = []));
    let view = cached[s];
    if (!view) {
      const english = this.views[s]!;
      const n = nameItem(names, lang, storedItem(this.sources[s]!));
      view = n.renamed ? { ...english, itemDisplay: n.itemDisplay, itemName: n.itemName } : english;
      cached[s] = view;
    }
    return view;
  }

  /** `reader`: the page's listings named in that language from that game data (none: the English views). */
  search(c: SearchCriteria, reader?: { lang: string; names: GameNames }): { items: TradeListing[]; itemCount: number } {
    const p = prepare(c);
    const from = (c.page - 1) * c.pageSize;
    const to = from + c.pageSize;
    const items: TradeListing[] = [];
    const hasType = p.itemType !== undefined;
    const hasMin = p.minLevel !== undefined;
    const hasMax = p.maxLevel !== undefined;
    const minLevel = p.minLevel!;
    const maxLevel = p.maxLevel!;
    // A filter value no listing has: nothing can match.
    const typeCode = !hasType || Number.isNaN(p.itemType) ? NONE : this.types.find(p.itemType);
    if (hasType && typeCode === NONE) return { items, itemCount: 0 };
    const rarityCode = p.rarity ? this.rarities.find(p.rarity) : NONE;
    if (p.rarity && rarityCode === NONE) return { items, itemCount: 0 };
    const hasRarity = rarityCode !== NONE;
    const tagMaps: Uint32Array[] = [];
    for (const t of p.statTags) {
      const code = this.tags.find(t);
      if (code === NONE) return { items, itemCount: 0 };
      const bits = this.tagBits[code]!;
      if (!tagMaps.includes(bits)) tagMaps.push(bits);
    }
    const nTags = tagMaps.length;
    const tag0 = tagMaps[0];
    const nameMask = p.term ? this.termMask(p.term) : undefined;
    const wantsSet = p.wantsSet;
    const unfiltered = !hasType && !hasMin && !hasMax && !nameMask && !hasRarity && !wantsSet && !nTags;

    // The candidates: the shortest of the season's order and the posting lists of the filters given.
    let candidates = this.order;
    if (hasType && this.byType[typeCode]!.length < candidates.length) candidates = this.byType[typeCode]!;
    if (hasRarity && this.byRarity[rarityCode]!.length < candidates.length) candidates = this.byRarity[rarityCode]!;

    const excluded = (this.excluded = grow(this.excluded, this.participants.values.length));
    const marked: number[] = [];
    for (const id of c.exclude) {
      const code = this.participants.find(id);
      if (code !== NONE && !excluded[code]) {
        excluded[code] = 1;
        marked.push(code);
      }
    }
    const { live, part, type, level, name, rarityClass, baseRarity, isSet, views } = this;
    const view = reader ? (s: number) => this.viewIn(s, reader.lang, reader.names) : (s: number) => views[s]!;
    const slots = candidates.slots;
    let count = 0;
    try {
      if (unfiltered) {
        // Every open listing of the others matches: count without looking, walk only to the page's end.
        let total = this.byId.size;
        for (const code of marked) total -= this.openOf[code]!;
        for (let k = candidates.length - 1; k >= 0 && !(count >= to); k -= 1) {
          const s = slots[k]!;
          if (!live[s] || excluded[part[s]!]) continue;
          if (count >= from) items.push(view(s));
          count += 1;
        }
        return { items, itemCount: total };
      }
      for (let k = candidates.length - 1; k >= 0; k -= 1) {
        const s = slots[k]!;
        if (!live[s] || excluded[part[s]!]) continue;
        if (hasType && type[s] !== typeCode) continue;
        if (hasMin && level[s]! < minLevel) continue;
        if (hasMax && level[s]! > maxLevel) continue;
        if (nameMask && !nameMask[name[s]!]) continue;
        if (hasRarity && rarityClass[s] !== rarityCode && baseRarity[s] !== rarityCode) continue;
        if (wantsSet && !isSet[s]) continue;
        if (nTags) {
          const word = s >> 5;
          const bit = 1 << (s & 31);
          if (!((tag0![word] ?? 0) & bit)) continue;
          let all = true;
          for (let j = 1; j < nTags; j += 1)
            if (!((tagMaps[j]![word] ?? 0) & bit)) {
              all = false;
              break;
            }
          if (!all) continue;
        }
        if (count >= from && count < to) items.push(view(s));
        count += 1;
      }
    } finally {
      for (const code of marked) excluded[code] = 0;
    }
    return { items, itemCount: count };
  }
}

/**
 * The trading post's search read model: every open listing, in memory, per season, newest first. FerretDB
 * evaluates anything but top-level equality in its own process after fetching every candidate, so a
 * search over 100,000 listings in the store takes seconds; here it is one pass over flat typed arrays (see
 * Shard). Each replica keeps its own copy: loaded in full at start (and on a slow timer), and kept fresh by
 * reloading a listing whenever any replica changes it (Redis pub/sub, see push.ts). Listings are filtered
 * and shown by their names, types, rarities and levels from the published game data of their branch where it
 * knows the item (English in the columns and views, every language in the names a term is looked for in);
 * `rename()` re-derives a season when its branch's set changes.
 */
export class SearchIndex {
  private readonly seasons = new Map<number, Shard>();
  /** The rename in progress (a newer one, or a full load, makes it stop), and its end. */
  private renaming = 0;
  private renamed: Promise<number> = Promise.resolve(0);
  /** Per season being renamed, the listings that changed meanwhile (taken over from the serving shard at the end). */
  private readonly touched = new Map<number, Set<number>>();
  /** The reload in progress (a newer one, or a load, makes it stop; a rename waits for it), and its end. */
  private reloads = 0;
  private reloading: Promise<boolean> = Promise.resolve(true);
  /** While a reload runs, the listings that changed meanwhile (taken over from the serving index at its end). */
  private reloadTouched: Set<number> | undefined;

  /** `names`: the published game data of a branch (listings are named and filtered by it where it knows them). */
  constructor(private readonly names: GameNamesOf = () => undefined) {}

  get size(): number {
    let n = 0;
    for (const s of this.seasons.values()) n += s.liveCount;
    return n;
  }

  /** Replaces the whole index at once. */
  load(listings: ListingDoc[]): void {
    // Everything is named from the current sets here: a rename or reload in progress has nothing left to do.
    this.renaming += 1;
    this.reloads += 1;
    this.touched.clear();
    this.reloadTouched = undefined;
    this.seasons.clear();
    const sorted = [...listings].sort((a, b) => a._id - b._id);
    for (const l of sorted) this.put(l);
  }

  /**
   * Replaces the whole index (start and periodic resync) without holding the event loop: a new index is
   * built off to the side, `chunk` listings at a time with the loop free in between (naming 100,000 listings
   * takes seconds), while this one keeps answering; the listings changed meanwhile are taken from it at the
   * end, and the new seasons swapped in whole. It names every listing from the sets of the moment, so a
   * rename in progress stops and one asked for meanwhile waits for it. A newer load or reload stops this one
   * (false).
   */
  reload(listings: ListingDoc[], chunk = 2_000): Promise<boolean> {
    this.reloading = this.rebuild(listings, chunk);
    return this.reloading;
  }

  private async rebuild(listings: ListingDoc[], chunk: number): Promise<boolean> {
    const generation = (this.reloads += 1);
    this.renaming += 1;
    this.touched.clear();
    const touched = new Set<number>();
    this.reloadTouched = touched;
    const fresh = new SearchIndex(this.names);
    const sorted = [...listings].sort((a, b) => a._id - b._id);
    for (let k = 0; k < sorted.length; k += 1) {
      if (k > 0 && k % chunk === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (generation !== this.reloads) return false;
      }
      if (!touched.has(sorted[k]!._id)) fresh.put(sorted[k]!);
    }
    for (const id of touched) {
      let found = false;
      for (const [sid, shard] of this.seasons) {
        const s = shard.byId.get(id);
        if (s === undefined) continue;
        const src = shard.sources[s]!;
        const branch = branchOf(src.isBeta);
        fresh.shard(sid, branch).putSource(id, shard.participants.values[shard.part[s]!]!, src, this.names(branch));
        found = true;
      }
      if (!found) fresh.remove(id);
    }
    this.reloadTouched = undefined;
    this.seasons.clear();
    for (const [sid, shard] of fresh.seasons) this.seasons.set(sid, shard);
    return true;
  }

  /** Puts an open listing in (or refreshes it); anything not open is taken out. */
  put(l: ListingDoc | null, id?: number): void {
    const listingId = l?._id ?? id;
    if (listingId === undefined) return;
    if (!l || l.state !== 'open') {
      this.remove(listingId);
      return;
    }
    // Moved between seasons (never in practice): drop the old copy.
    for (const [sid, other] of this.seasons) if (sid !== l.seasonId && other.byId.has(l._id)) this.remove(l._id);
    this.touched.get(l.seasonId)?.add(l._id);
    this.reloadTouched?.add(l._id);
    const branch = branchOf(l.isBeta);
    this.shard(l.seasonId, branch).put(l, this.names(branch));
  }

  remove(id: number): void {
    for (const ids of this.touched.values()) ids.add(id);
    this.reloadTouched?.add(id);
    for (const [sid, shard] of this.seasons) {
      if (!shard.remove(id) || !shard.needsCompaction()) continue;
      // Rebuild the season from its open listings: slots, dictionaries and bitmaps start afresh.
      const fresh = new Shard(shard.branch, shard.gameNames);
      for (let k = 0; k < shard.order.length; k += 1) {
        const s = shard.order.slots[k]!;
        if (shard.live[s])
          fresh.insert(
            shard.ids[s]!,
            shard.participants.values[shard.part[s]!]!,
            shard.factsAt(s),
            shard.views[s]!,
            shard.sources[s]!,
          );
      }
      this.seasons.set(sid, fresh);
    }
  }

  /**
   * Names every season's listings again whose branch's game data is no longer the set they were named from
   * (a set was published: call from GameData's onChange). Each such season is rebuilt from what the index
   * keeps of its listings (no store read) while the old one keeps answering, `chunk` listings at a time with
   * the event loop free in between (100,000 listings take seconds to name); what changed meanwhile is taken
   * from the serving season at the end, and the new one swapped in whole. A newer rename, or a full load,
   * stops this one. Answers how many listings were renamed.
   */
  rename(chunk = 2_000): Promise<number> {
    const generation = (this.renaming += 1);
    const run = async () => {
      let renamed = 0;
      // A reload in progress names every listing from the sets of the moment; its seasons are renamed after.
      await this.reloading.catch(() => undefined);
      if (generation !== this.renaming) return renamed;
      for (const sid of [...this.seasons.keys()]) {
        const serving = this.seasons.get(sid);
        const names = serving && this.names(serving.branch);
        if (!serving || names === serving.gameNames) continue;
        const fresh = new Shard(serving.branch, names);
        const touched = new Set<number>();
        this.touched.set(sid, touched);
        const live: number[] = [];
        for (let k = 0; k < serving.order.length; k += 1) {
          const s = serving.order.slots[k]!;
          if (serving.live[s]) live.push(s);
        }
        for (let k = 0; k < live.length; k += 1) {
          if (k > 0 && k % chunk === 0) {
            await new Promise((resolve) => setImmediate(resolve));
            if (generation !== this.renaming) return renamed;
          }
          const s = live[k]!;
          // Changed meanwhile (its slot may hold another listing now): taken over below.
          if (touched.has(serving.ids[s]!)) continue;
          fresh.putSource(serving.ids[s]!, serving.participants.values[serving.part[s]!]!, serving.sources[s]!, names);
          renamed += 1;
        }
        // The season as it answers now (a compaction may have replaced it): the listings changed meanwhile.
        const now = this.seasons.get(sid) ?? serving;
        for (const id of touched) {
          const s = now.byId.get(id);
          if (s === undefined) fresh.remove(id);
          else fresh.putSource(id, now.participants.values[now.part[s]!]!, now.sources[s]!, names);
        }
        this.touched.delete(sid);
        this.seasons.set(sid, fresh);
      }
      return renamed;
    };
    this.renamed = run().finally(() => {
      if (generation === this.renaming) this.touched.clear();
    });
    return this.renamed;
  }

  /** The end of the rename in progress (at once when none is). */
  idle(): Promise<unknown> {
    return this.renamed;
  }

  /** A page of a season's open listings; named in `c.lang` when that is not English and the game data has it. */
  search(c: SearchCriteria): { items: TradeListing[]; itemCount: number } {
    const shard = this.seasons.get(c.seasonId);
    if (!shard) return { items: [], itemCount: 0 };
    const lang = c.lang ?? ENGLISH;
    // The season was named from `gameNames` as a whole (a newer set renames it first: rename()).
    const names = lang === ENGLISH ? undefined : shard.gameNames;
    return shard.search(c, names ? { lang, names } : undefined);
  }

  private shard(seasonId: number, branch: Branch): Shard {
    let s = this.seasons.get(seasonId);
    if (!s) {
      s = new Shard(branch, this.names(branch));
      this.seasons.set(seasonId, s);
    }
    return s;
  }
}
