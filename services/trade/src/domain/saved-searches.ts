import {
  MAX_SAVED_SEARCHES,
  participantJoinedV1,
  type EventData,
  type SavedSearch,
  type SavedSearchRequest,
  type listingOpenedV1,
} from '@league/contracts';
import { aggregateKey, AppError, type AuthUser, type Locks, type Logger } from '@league/platform';
import { hiddenFrom } from './beta';
import { branchOf, ENGLISH, nameItem, type GameNamesOf } from './item-names';
import type { ItemRecords, NotificationDoc, ParticipantDoc, Push, TradeStore } from './ports';
import { listingFacts, type IndexedSearch, type SavedSearchIndex } from './saved-search-index';
import { notificationView } from './rules';

/** A saved trade search (collection `savedSearches`). */
export interface SavedSearchDoc extends IndexedSearch {
  name: string;
  /** When the owner last ran it; new matches are counted from here (from `createdOn` before the first run). */
  lastRunAt: Date | null;
  createdOn: Date;
  updatedOn: Date;
}

/** A 'New Match' notification: a trade notification that also names the search and the listing. */
export interface MatchNotificationDoc extends NotificationDoc {
  savedSearchId: number;
  tradeListingId: number;
}

/** The saved searches' own store (plain objects in and out). */
export interface SavedSearchStore {
  nextId(): Promise<number>;
  savedSearch(id: number): Promise<SavedSearchDoc | null>;
  savedSearchesOf(participantId: number): Promise<SavedSearchDoc[]>;
  /** Every search that is not paused (the index at start and on resync). */
  activeSavedSearches(): Promise<SavedSearchDoc[]>;
  insertSavedSearch(doc: SavedSearchDoc): Promise<void>;
  updateSavedSearch(id: number, set: Partial<SavedSearchDoc>): Promise<SavedSearchDoc | null>;
  deleteSavedSearch(id: number): Promise<void>;
  /**
   * Inserts the notifications whose `key` is not stored yet (one bulk write; the key is unique) and
   * answers the ones this call wrote.
   */
  addMatchNotifications(docs: MatchNotificationDoc[]): Promise<MatchNotificationDoc[]>;
  /** The 'New Match' notifications of a participant (search id and time only). */
  matchNotificationsOf(participantId: number): Promise<Pick<MatchNotificationDoc, 'savedSearchId' | 'createdOn'>[]>;
}

/** Tells the other replicas' indexes that a search changed (they reload it by id). */
export interface SavedSearchSync {
  changed(searchId: number): void;
}

export interface SavedSearchDeps {
  store: SavedSearchStore;
  /** Trade's store: participants, blocks, the listing, notification ids. */
  trade: Pick<TradeStore, 'participant' | 'listing' | 'blocksBy' | 'blocksOf' | 'nextIds'>;
  locks: Locks;
  logger: Logger;
  push: Pick<Push, 'toParticipant'>;
  sync: SavedSearchSync;
  now: () => Date;
  /** The published game data of each branch: listings are matched by their game names, types, rarities and levels. */
  names?: GameNamesOf;
  /** Read-your-writes: before "Season participant not found", catch up with season's joins (catch-up.ts). */
  catchUp?: (topics: string[]) => Promise<unknown>;
}

const LOCK = {
  /** The participant's set of searches (the limit of 20 is counted under it). */
  owner: (participantId: number) => aggregateKey('saved-searches-of', participantId),
  search: (id: number) => aggregateKey('saved-searches', id),
};

export const matchKey = (listingId: number, searchId: number) => `match:${listingId}:${searchId}`;

function priceText(currency: string | null, price: number | null): string {
  return currency && price ? `${price} ${currency}` : 'offers only';
}

/**
 * Saved searches that keep watching: CRUD for their owner, and matching when a listing opens (the
 * `trade.listing-opened.v1` event, not polling). Matching finds candidates in the in-memory index by the
 * listing's season, item type and rarity, checks them in full, drops the seller's own and blocked players'
 * (either way), and writes one 'New Match' notification per (listing, search) under a unique key, so a
 * redelivered event writes nothing twice. Each new notification is pushed live like any other.
 */
export class SavedSearchService {
  constructor(
    private readonly d: SavedSearchDeps,
    private readonly index: SavedSearchIndex<SavedSearchDoc>,
  ) {}

  private async ownParticipant(user: AuthUser | undefined, id: number): Promise<ParticipantDoc> {
    if (!user) throw AppError.unauthorized();
    let p = await this.d.trade.participant(id);
    if (!p && this.d.catchUp) {
      // A join a moment ago that trade has not applied yet: looked for again after catching up.
      await this.d.catchUp([participantJoinedV1.topic]);
      p = await this.d.trade.participant(id);
    }
    if (!p) throw AppError.notFound('Season participant not found');
    if (p.usernameKey !== user.username.trim().toLowerCase() && !user.roles.includes('admin')) {
      // Someone else's beta participant does not exist for a player (the same 404 as an unknown id).
      if (hiddenFrom(user, p)) throw AppError.notFound('Season participant not found');
      throw AppError.forbidden('This is not your season participant');
    }
    return p;
  }

  private async ownSearch(user: AuthUser | undefined, participantId: number, searchId: number) {
    await this.ownParticipant(user, participantId);
    const s = await this.d.store.savedSearch(searchId);
    if (!s || s.seasonParticipantId !== participantId) throw AppError.notFound('Saved search not found');
    return s;
  }

  private changed(s: SavedSearchDoc | null, id: number) {
    this.index.put(s, id);
    this.d.sync.changed(id);
  }

  private async counts(participantId: number): Promise<(s: SavedSearchDoc) => number> {
    const notes = await this.d.store.matchNotificationsOf(participantId);
    return (s) => {
      const since = new Date(s.lastRunAt ?? s.createdOn).getTime();
      return notes.filter((n) => n.savedSearchId === s._id && new Date(n.createdOn).getTime() > since).length;
    };
  }

  async list(user: AuthUser | undefined, participantId: number): Promise<SavedSearch[]> {
    await this.ownParticipant(user, participantId);
    const [searches, count] = await Promise.all([
      this.d.store.savedSearchesOf(participantId),
      this.counts(participantId),
    ]);
    return searches.sort((a, b) => a._id - b._id).map((s) => savedSearchView(s, count(s)));
  }

  async create(user: AuthUser | undefined, participantId: number, body: SavedSearchRequest): Promise<SavedSearch> {
    const p = await this.ownParticipant(user, participantId);
    if (p.seasonTypeId !== 1) throw AppError.badRequest('Trading is only open on trade seasons');
    const doc = await this.d.locks.withLock(LOCK.owner(participantId), async () => {
      const existing = await this.d.store.savedSearchesOf(participantId);
      if (existing.length >= MAX_SAVED_SEARCHES)
        throw AppError.conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first`);
      const now = this.d.now();
      const s: SavedSearchDoc = {
        _id: await this.d.store.nextId(),
        seasonId: p.seasonId,
        seasonParticipantId: participantId,
        name: body.name,
        searchTerm: body.searchTerm?.trim() || null,
        filter: body.filter?.trim() || null,
        itemType: body.itemType,
        minLevel: body.minLevel,
        maxLevel: body.maxLevel,
        rarity: body.rarity?.trim() || null,
        maxPriceCurrency: body.maxPriceCurrency,
        maxPrice: body.maxPrice,
        paused: body.paused,
        lastRunAt: null,
        createdOn: now,
        updatedOn: now,
      };
      await this.d.store.insertSavedSearch(s);
      return s;
    });
    this.changed(doc, doc._id);
    return savedSearchView(doc, 0);
  }

  async remove(user: AuthUser | undefined, participantId: number, searchId: number): Promise<void> {
    await this.ownSearch(user, participantId, searchId);
    await this.d.locks.withLock(LOCK.owner(participantId), () => this.d.store.deleteSavedSearch(searchId));
    this.changed(null, searchId);
  }

  /** Pauses or resumes a search (a paused one writes no notifications). */
  async setPaused(
    user: AuthUser | undefined,
    participantId: number,
    searchId: number,
    paused: boolean,
  ): Promise<SavedSearch> {
    return this.update(user, participantId, searchId, () => ({ paused }));
  }

  /** The owner ran the search: its count of new matches starts again from now. */
  async markRun(user: AuthUser | undefined, participantId: number, searchId: number): Promise<SavedSearch> {
    return this.update(user, participantId, searchId, (now) => ({ lastRunAt: now }));
  }

  private async update(
    user: AuthUser | undefined,
    participantId: number,
    searchId: number,
    set: (now: Date) => Partial<SavedSearchDoc>,
  ): Promise<SavedSearch> {
    await this.ownSearch(user, participantId, searchId);
    const updated = await this.d.locks.withLock(LOCK.search(searchId), async () => {
      const now = this.d.now();
      const res = await this.d.store.updateSavedSearch(searchId, { ...set(now), updatedOn: now });
      if (!res) throw AppError.notFound('Saved search not found');
      return res;
    });
    this.changed(updated, searchId);
    return savedSearchView(updated, (await this.counts(participantId))(updated));
  }

  /** Reloads one search from the store into this replica's index (another replica changed it). */
  async refresh(searchId: number): Promise<void> {
    this.index.put(await this.d.store.savedSearch(searchId), searchId);
  }

  async reload(): Promise<void> {
    const started = Date.now();
    this.index.load(await this.d.store.activeSavedSearches());
    this.d.logger.info({ searches: this.index.size, ms: Date.now() - started }, 'saved search index loaded');
  }

  /**
   * A listing opened: every matching active search of its season gets one 'New Match' notification.
   * Answers how many searches were examined and how many notifications this call wrote. The event carries
   * what matching needs (the item, its rarity class, the price, the seller); an event from before it did
   * is completed from the stored listing. The seller's blocks come from the store's short cache.
   */
  async onListingOpened(e: EventData<typeof listingOpenedV1>): Promise<{ examined: number; written: number }> {
    if (!this.index.watches(e.seasonId)) return { examined: 0, written: 0 };
    const seller = e.seasonParticipantId;
    const complete =
      e.owner !== undefined && e.rarityFilter !== undefined && e.record !== undefined && e.isBeta !== undefined;
    const [listing, by, of] = await Promise.all([
      complete ? this.fromEvent(e) : this.stored(e),
      this.d.trade.blocksBy(seller),
      this.d.trade.blocksOf(seller),
    ]);
    if (!listing) return { examined: 0, written: 0 };
    const names = this.d.names?.(branchOf(listing.isBeta));
    const { matches, examined } = this.index.match(listingFacts(listing, names));
    let candidates = matches.filter((s) => s.seasonParticipantId !== seller);
    if (!candidates.length) return { examined, written: 0 };
    const blocked = new Set([...by.map((b) => b.ignoredParticipantId), ...of.map((b) => b.seasonParticipantId)]);
    candidates = candidates.filter((s) => !blocked.has(s.seasonParticipantId));
    if (!candidates.length) return { examined, written: 0 };
    const now = this.d.now();
    const first = await this.d.trade.nextIds('notification', candidates.length);
    // The English name (the game data's where it knows the item) and the records, which a reader's view names again.
    const listedItemName = nameItem(names, ENGLISH, listing).itemName;
    const listed: ItemRecords = {
      record: listing.record,
      prefixRecord: listing.prefixRecord,
      suffixRecord: listing.suffixRecord,
    };
    const docs: MatchNotificationDoc[] = candidates.map((s, i) => ({
      _id: first + i,
      key: matchKey(listing._id, s._id),
      seasonParticipantId: s.seasonParticipantId,
      offerFrom: listing.owner,
      status: 'New Match',
      listedItemName,
      offeredItems: `${s.name}: ${priceText(listing.askingCurrency, listing.askingPrice)}`,
      items: { listed },
      createdOn: now,
      acknowledgedOn: null,
      savedSearchId: s._id,
      tradeListingId: listing._id,
    }));
    const written = await this.d.store.addMatchNotifications(docs);
    for (const n of written) this.d.push.toParticipant(n.seasonParticipantId, 'notification', notificationView(n));
    return { examined, written: written.length };
  }

  private async fromEvent(e: EventData<typeof listingOpenedV1>): Promise<OpenedListing> {
    return {
      ...e,
      _id: e.tradeListingId,
      owner: e.owner!,
      rarityFilter: e.rarityFilter ?? null,
      record: e.record!,
      prefixRecord: e.prefixRecord ?? '',
      suffixRecord: e.suffixRecord ?? '',
      isBeta: e.isBeta!,
    };
  }

  /** The stored listing, if it is still the open listing the event announced. */
  private async stored(e: EventData<typeof listingOpenedV1>): Promise<OpenedListing | null> {
    const l = await this.d.trade.listing(e.tradeListingId);
    if (!l || l.state !== 'open' || l.seasonId !== e.seasonId || l.seasonParticipantId !== e.seasonParticipantId)
      return null;
    return l;
  }
}

/** What matching and the notification need of an opened listing. */
type OpenedListing = Parameters<typeof listingFacts>[0] &
  ItemRecords & { _id: number; owner: string; itemName: string; isBeta: boolean };

export function savedSearchView(s: SavedSearchDoc, newMatches: number): SavedSearch {
  return {
    savedSearchId: s._id,
    seasonParticipantId: s.seasonParticipantId,
    name: s.name,
    searchTerm: s.searchTerm,
    filter: s.filter,
    itemType: s.itemType,
    minLevel: s.minLevel,
    maxLevel: s.maxLevel,
    rarity: s.rarity,
    maxPriceCurrency: s.maxPriceCurrency,
    maxPrice: s.maxPrice,
    paused: s.paused,
    newMatches,
    lastRunAt: s.lastRunAt ? new Date(s.lastRunAt).toISOString() : null,
    createdOn: new Date(s.createdOn).toISOString(),
  };
}
