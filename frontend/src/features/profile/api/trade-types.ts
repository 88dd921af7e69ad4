import type { ItemDisplay, StatFilter } from '@league/contracts';

/** An affix or base item of a stash item (spec §3 "Item display"). */
export type StashItemBase = ItemDisplay['baseItem'];
export type StashItemAffix = NonNullable<ItemDisplay['prefix']>;

/** A cloud stash item (spec §3). withdrawAmount is client-only and lives in the stash screen's state. */
export interface StashItem {
  participantItemId: number;
  seasonParticipantId: number;
  baseItem: StashItemBase;
  prefix: StashItemAffix | null;
  suffix: StashItemAffix | null;
  itemType?: string;
  stackCount: number;
  forTrade: boolean;
  tradable: boolean;
  askingCurrency: string | null;
  askingPrice: number | null;
  sellerComment?: string | null;
  owner?: string;
  transferToStash?: boolean;
  /** How many of the stack listings and offers hold (cannot be queued). */
  reservedCount?: number;
  /** Set only on currency rows. */
  currency?: string | null;
  /** Held for review as a suspected duplicate: not listable, offerable or withdrawable until an admin releases it. */
  held?: boolean;
}

/** GET /season/participant/{id}/stash: one page; capacity 0 = Unlimited. */
export interface StashPage {
  items: StashItem[];
  itemCount: number;
  capacity: number;
}

/** A trade listing (spec §3). */
export interface TradeListing {
  tradeListingId: number;
  seasonParticipantId: number;
  participantItemId: number;
  count: number;
  maxCount: number;
  sellerComment: string | null;
  askingCurrency: string | null;
  askingPrice: number | null;
  owner: string;
  itemDisplay: ItemDisplay;
  itemName?: string;
  /** open, or settling while a buyout or an accepted offer is being settled. */
  state?: string;
}

/** GET /trade/trade-search: one page of other players' open listings. */
export interface TradeSearchPage {
  items: TradeListing[];
  itemCount: number;
}

export interface TradeOfferItem {
  participantItemId: number;
  count: number;
  maxCount: number;
  itemDisplay: ItemDisplay | null;
  itemName?: string;
}

/** A trade offer (spec §3): made by offerFrom on tradeListing. */
export interface TradeOffer {
  tradeOfferId: number;
  tradeListingId: number;
  participantItemId: number;
  seasonParticipantId: number;
  comment: string | null;
  tradeOfferItems: TradeOfferItem[];
  offerFrom: string;
  tradeListing: TradeListing | null;
}

/** The statuses the notifications screen shows (spec §4); others are left out. */
export const NOTIFICATION_STATUSES = [
  'Incoming',
  'Bought Out',
  'Accepted',
  'Rejected',
  'New Match',
  'Removed',
] as const;

/** A saved trade search kept by the trade service (it keeps watching new listings). */
export interface SavedSearch {
  savedSearchId: number;
  seasonParticipantId: number;
  name: string;
  searchTerm: string | null;
  /** Stat filter tags joined by ';'. */
  filter: string | null;
  itemType: number | null;
  minLevel: number | null;
  maxLevel: number | null;
  rarity: string | null;
  maxPriceCurrency: string | null;
  maxPrice: number | null;
  paused: boolean;
  /** 'New Match' notifications since it was last run. */
  newMatches: number;
  lastRunAt: string | null;
  createdOn: string;
}

export type SavedSearchRequest = Pick<
  SavedSearch,
  'name' | 'searchTerm' | 'filter' | 'itemType' | 'minLevel' | 'maxLevel' | 'rarity' | 'maxPriceCurrency' | 'maxPrice'
>;

export interface TradeNotification {
  tradeNotificationId: number;
  seasonParticipantId: number;
  offerFrom: string;
  status: string;
  listedItemName: string;
  offeredItems: string | null;
  createdOn: string;
  acknowledgedOn: string | null;
}

export interface BlockedPlayer {
  ignoredParticipantId: number;
  ignoredUsername: string;
}

/** GET /season/participant/{id}/trade-currencies: one row per currency, 27 rows. */
export interface TradeCurrency {
  currency: string;
  recordPath: string;
  amount: number;
}

export type { StatFilter };

/** The stash and trade search filters (spec §7). */
export interface ItemQuery {
  page: number;
  pageSize: number;
  searchTerm?: string;
  /** Stat filter tags. */
  filter?: string[];
  itemType?: number | null;
  minLevel?: number | null;
  maxLevel?: number | null;
  rarity?: string | null;
}

export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;

/** Stat filter tags of the Trading category; they exclude each other (spec §5). */
export const LISTED_TAG = 'listedForTrade';
export const NOT_LISTED_TAG = 'notListedForTrade';
