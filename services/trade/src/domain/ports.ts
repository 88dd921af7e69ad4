import type { ItemDisplay, TradeNotification } from '@league/contracts';
import type { Locks, Logger, OutboxEntry, Positions } from '@league/platform';
import type { GameNamesOf } from './item-names';

/** A season participant as season announced it (season.participant-joined.v1). */
export interface ParticipantDoc {
  _id: number;
  seasonId: number;
  username: string;
  usernameKey: string;
  seasonTypeId: number | null;
  isBeta: boolean | null;
}

/** One stash item as season last published it (season.stash-item-changed.v1); stackCount 0 = gone. */
export interface StashItemDoc {
  _id: number;
  seasonParticipantId: number;
  seasonId: number;
  username: string;
  version: number;
  stackCount: number;
  queued: boolean;
  tradable: boolean;
  record: string;
  prefixRecord: string;
  suffixRecord: string;
  itemDisplay: ItemDisplay;
  itemName: string;
  statTags: string[];
  /** The stash rarity filter class, when season sent it. */
  rarityFilter?: string | null;
  /** Held for review as a suspected duplicate (season.item-held.v1): it cannot be listed or offered. */
  held?: boolean;
}

export interface CurrencyDoc {
  _id: number;
  seasonId: number;
  version: number;
  balances: Record<string, number>;
}

export type ListingState = 'open' | 'settling' | 'closed' | 'cancelled';

export interface ItemCount {
  participantItemId: number;
  count: number;
}

export type Payment = { kind: 'currency'; currency: string; amount: number } | { kind: 'items'; items: ItemCount[] };

/** The settlement a listing is in (or was closed by). */
export interface Settlement {
  settlementId: string;
  tradeOfferId: number | null;
  buyerParticipantId: number;
  buyerUsername: string;
  payment: Payment;
  requestedAt: Date;
  completedAt?: Date;
}

export interface ListingDoc {
  _id: number;
  seasonId: number;
  isBeta: boolean;
  seasonParticipantId: number;
  owner: string;
  participantItemId: number;
  count: number;
  /** The stash stack's size when listed. */
  maxCount: number;
  askingCurrency: string | null;
  askingPrice: number | null;
  sellerComment: string | null;
  itemDisplay: ItemDisplay;
  itemName: string;
  statTags: string[];
  rarityFilter?: string | null;
  record: string;
  prefixRecord: string;
  suffixRecord: string;
  state: ListingState;
  settlement: Settlement | null;
  closedReason: string | null;
  createdOn: Date;
  updatedOn: Date;
  outbox?: OutboxEntry[];
  appliedEvents?: string[];
}

/** open → accepted (its listing settled with it) | rejected | withdrawn | dropped (listing gone, block, stash change). */
export type OfferState = 'open' | 'accepted' | 'rejected' | 'withdrawn' | 'dropped';

/** An item's records: what the game data names it by. */
export interface ItemRecords {
  record: string;
  prefixRecord: string;
  suffixRecord: string;
}

export interface OfferItem extends ItemCount, Partial<ItemRecords> {
  /** The English name when offered (the game data's where it knew the item); records are absent on older offers. */
  itemName: string;
}

/** The items a notification's text names, so a view can name them again in the reader's language. */
export interface NotificationItems {
  listed?: ItemRecords;
  offered?: Array<ItemRecords & { count: number; itemName: string }>;
}

export interface OfferDoc {
  _id: number;
  tradeListingId: number;
  listingOwnerId: number;
  seasonId: number;
  seasonParticipantId: number;
  offerFrom: string;
  comment: string | null;
  items: OfferItem[];
  state: OfferState;
  createdOn: Date;
  updatedOn: Date;
  outbox?: OutboxEntry[];
}

export interface NotificationDoc {
  _id: number;
  key: string;
  seasonParticipantId: number;
  offerFrom: string;
  status: TradeNotification['status'];
  listedItemName: string;
  offeredItems: string;
  /** The records behind `listedItemName` and `offeredItems` (none on the client's own and older notifications). */
  items?: NotificationItems;
  createdOn: Date;
  acknowledgedOn: Date | null;
}

export interface BlockDoc {
  _id: string;
  seasonParticipantId: number;
  ignoredParticipantId: number;
  ignoredUsername: string;
  createdOn: Date;
}

export interface PriceDoc {
  _id: string;
  seasonId: number;
  isBeta: boolean;
  recordKey: string;
  record: string;
  prefixRecord: string;
  suffixRecord: string;
  currency: string | null;
  price: number | null;
  count: number;
  /** The listing's name as sold (English; absent on older records): shown when the game data does not know the item. */
  itemName?: string;
  settledOn: Date;
}

/** The trade store: plain objects in and out; every write is one document. */
export interface TradeStore {
  participant(id: number): Promise<ParticipantDoc | null>;
  upsertParticipant(p: ParticipantDoc): Promise<void>;
  participantsNamed(usernameKey: string): Promise<ParticipantDoc[]>;
  stashItemsOf(participantId: number): Promise<StashItemDoc[]>;

  stashItem(id: number): Promise<StashItemDoc | null>;
  /** Stores the item if its version is newer than the stored one; true when it did (caller holds the item's lock). */
  putStashItemIfNewer(item: StashItemDoc): Promise<boolean>;
  /**
   * Sets `held` on the stored item unless it is newer than `version` (season.item-held.v1 / released may come
   * before or after the item's stash-item-changed of the same version, which carries `held` too); true when
   * it changed something (caller holds the item's lock).
   */
  setStashItemHeld(id: number, held: boolean, version: number): Promise<boolean>;
  currencies(participantId: number): Promise<CurrencyDoc | null>;
  putCurrenciesIfNewer(c: CurrencyDoc): Promise<boolean>;

  nextId(sequence: 'listing' | 'offer' | 'notification'): Promise<number>;
  /** Reserves `count` consecutive ids at once and answers the first. */
  nextIds(sequence: 'listing' | 'offer' | 'notification', count: number): Promise<number>;

  listing(id: number): Promise<ListingDoc | null>;
  insertListing(doc: ListingDoc): Promise<void>;
  /** `$set` + `$push` outbox entries on a listing still in `from` (the caller holds the listing's lock). */
  updateListing(
    id: number,
    from: ListingState[],
    set: Partial<ListingDoc>,
    events: OutboxEntry[],
    appliedEvent?: string,
  ): Promise<ListingDoc | null>;
  listingsOfParticipant(participantId: number): Promise<ListingDoc[]>;
  /** Open or settling listings of one stash item. */
  activeListingsOfItem(participantItemId: number): Promise<ListingDoc[]>;
  openListings(): Promise<ListingDoc[]>;

  offer(id: number): Promise<OfferDoc | null>;
  insertOffer(doc: OfferDoc): Promise<void>;
  updateOffer(id: number, from: OfferState[], set: Partial<OfferDoc>, events: OutboxEntry[]): Promise<OfferDoc | null>;
  openOffersBy(participantId: number): Promise<OfferDoc[]>;
  openOffersTo(listingOwnerId: number): Promise<OfferDoc[]>;
  openOffersOn(listingId: number): Promise<OfferDoc[]>;

  /** Inserts a notification unless one with its key exists; returns it when this call wrote it. */
  addNotification(doc: Omit<NotificationDoc, '_id'>): Promise<NotificationDoc | null>;
  notificationsOf(participantId: number): Promise<NotificationDoc[]>;
  acknowledge(participantId: number, ids: number[], at: Date): Promise<number>;

  blocksBy(participantId: number): Promise<BlockDoc[]>;
  blocksOf(participantId: number): Promise<BlockDoc[]>;
  block(doc: BlockDoc): Promise<void>;
  unblock(participantId: number, otherId: number): Promise<void>;
  isBlocked(a: number, b: number): Promise<boolean>;

  recordPrice(doc: PriceDoc): Promise<void>;
  prices(recordKey: string, isBeta: boolean): Promise<PriceDoc[]>;
}

/** Live delivery to open pages (SSE), across replicas. At most once: the stored notification is the record. */
export interface Push {
  toParticipant(participantId: number, event: 'notification' | 'offer', data: unknown): void;
  listingChanged(listingId: number): void;
}

export interface TradeDeps {
  store: TradeStore;
  /** The published game data of each branch (beta falls back to prod); undefined while none is published. */
  names: GameNamesOf;
  locks: Locks;
  logger: Logger;
  push: Push;
  /** Asks the outbox relay to publish the entries just written to this listing or offer. */
  publishSoon: (written: { listing: number } | { offer: number }) => void;
  /** Tells this replica's search index a listing changed (reloaded from the store). */
  indexListing: (listingId: number) => Promise<void>;
  now: () => Date;
  /**
   * Read-your-writes (README "Read your own writes"): waits, bounded, until trade's consumers have applied
   * everything these topics hold now. A use case runs it before it trusts a read model's "not found" or
   * "not enough", which may be a write of the same player a moment ago through another client.
   */
  catchUp?: (topics: string[]) => Promise<unknown>;
  /** The settlement saga's end, across replicas: a buyout or an accepted offer answers once it is known. */
  settlements?: SettlementSignals;
  /** The longest a buyout or an accepted offer waits for its settlement before it answers `settling`. */
  settlementWaitMs?: number;
}

/** How a settlement ended, as trade handled season's reply, with the positions of what that handling wrote. */
export interface SettlementOutcome {
  state: 'completed' | 'failed';
  reason?: string;
  positions: Positions;
}

export interface SettlementSignals {
  /** Told by whichever replica handled season's reply, once its writes are published. */
  finished(settlementId: string, outcome: SettlementOutcome): Promise<void>;
  /** The outcome once known, or undefined after `ms`. */
  waitFor(settlementId: string, ms: number): Promise<SettlementOutcome | undefined>;
}
