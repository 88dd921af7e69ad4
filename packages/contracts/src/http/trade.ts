import { CURRENCY_NAMES } from '../currencies';
import { itemDisplaySchema } from './catalogue';
import { booleanQuery, branchSchema, idParam } from './common';
import { z } from '../zod';

/** The trading post's calls (spec §7 "Trade"); every one also takes `branch`. */

export const tradeBranchQuery = z.object({ branch: branchSchema.optional() });

export const tradeParticipantParams = z.object({ id: idParam });
export const tradeListingParams = z.object({ id: idParam, listingId: idParam });
export const tradeOfferParams = z.object({ id: idParam, offerId: idParam });
export const tradeOtherParams = z.object({ id: idParam, otherId: idParam });

const comment = z.string().trim().max(500);
const currency = z.enum(CURRENCY_NAMES);

/** Asking currency and price: one of the 27 names with a price of at least 1, or both null (offers only). */
const askingFields = {
  askingCurrency: currency.nullable().default(null),
  askingPrice: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
};
const bothOrNeither = (v: { askingCurrency: string | null; askingPrice: number | null }) =>
  (v.askingCurrency === null) === (v.askingPrice === null);
const bothOrNeitherMessage = {
  message: 'askingCurrency and askingPrice are set together (a price of at least 1), or both left empty',
  path: ['askingPrice'],
};

export const listTradeBody = z
  .object({
    participantItemId: idParam,
    count: z.number().int().min(1),
    ...askingFields,
    sellerComment: comment.nullable().default(null),
  })
  .refine(bothOrNeither, bothOrNeitherMessage)
  .openapi('ListTradeRequest');
export type ListTradeRequest = z.infer<typeof listTradeBody>;

export const updateTradeListingBody = z
  .object({ tradeListingId: idParam, ...askingFields, sellerComment: comment.nullable().default(null) })
  .refine(bothOrNeither, bothOrNeitherMessage)
  .openapi('UpdateTradeListingRequest');
export type UpdateTradeListingRequest = z.infer<typeof updateTradeListingBody>;

export const tradeListingSchema = z
  .object({
    tradeListingId: z.number().int(),
    seasonParticipantId: z.number().int(),
    participantItemId: z.number().int(),
    count: z.number().int(),
    /** The stack size the listed item has now. */
    maxCount: z.number().int(),
    sellerComment: z.string().nullable(),
    askingCurrency: z.string().nullable(),
    askingPrice: z.number().int().nullable(),
    /** The seller's username. */
    owner: z.string(),
    itemDisplay: itemDisplaySchema,
    itemName: z.string(),
    /** open, or settling while a buyout or an accepted offer is being settled. */
    state: z.string(),
    createdOn: z.string(),
  })
  .openapi('TradeListing');
export type TradeListing = z.infer<typeof tradeListingSchema>;

export const tradeSearchQuery = z.object({
  seasonParticipantId: idParam,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50, 100].includes(n), 'pageSize is one of 10, 20, 30, 50, 100')
    .default(10),
  searchTerm: z.string().max(200).optional(),
  /** Stat filter tags joined by ';' (an item must carry every one). */
  filter: z.string().max(2_000).optional(),
  itemType: z.coerce.number().int().min(0).max(37).optional(),
  minLevel: z.coerce.number().int().min(0).max(200).optional(),
  maxLevel: z.coerce.number().int().min(0).max(200).optional(),
  rarity: z.string().max(50).optional(),
  branch: branchSchema.optional(),
});
export type TradeSearchQuery = z.infer<typeof tradeSearchQuery>;

export const tradeSearchResultSchema = z
  .object({ items: z.array(tradeListingSchema), itemCount: z.number().int() })
  .openapi('TradeSearchResult');

export const tradeOfferBody = z
  .object({
    tradeListingId: idParam,
    comment: comment.nullable().default(null),
    tradeOfferItems: z
      .array(z.object({ participantItemId: idParam, count: z.number().int().min(1) }))
      .min(1)
      .max(50),
  })
  .openapi('TradeOfferRequest');
export type TradeOfferRequest = z.infer<typeof tradeOfferBody>;

export const tradeOfferItemSchema = z.object({
  participantItemId: z.number().int(),
  count: z.number().int(),
  maxCount: z.number().int(),
  itemDisplay: itemDisplaySchema.nullable(),
  itemName: z.string(),
});

export const tradeOfferSchema = z
  .object({
    tradeOfferId: z.number().int(),
    tradeListingId: z.number().int(),
    /** The listed item the offer is for. */
    participantItemId: z.number().int(),
    /** The offering participant. */
    seasonParticipantId: z.number().int(),
    comment: z.string().nullable(),
    tradeOfferItems: z.array(tradeOfferItemSchema),
    /** The offerer's username. */
    offerFrom: z.string(),
    tradeListing: tradeListingSchema.nullable(),
    createdOn: z.string(),
  })
  .openapi('TradeOffer');
export type TradeOffer = z.infer<typeof tradeOfferSchema>;

export const tradeOfferResponseQuery = z.object({ accepted: booleanQuery, branch: branchSchema.optional() });

export const tradeBuyoutBody = z.object({ tradeListingId: idParam }).openapi('BuyoutRequest');

/**
 * What a buyout or an accepted offer answers: the settlement has been requested (the saga finishes it), and
 * `outcome` once trade has handled season's reply (it waits a few seconds for it, so the caller's next reads
 * show the result); without `outcome` it is still settling.
 */
export const tradeSettlementStartedSchema = z
  .object({
    settlementId: z.string(),
    tradeListingId: z.number().int(),
    state: z.literal('settling'),
    outcome: z.enum(['completed', 'failed']).optional(),
    /** Why season refused it, when it failed. */
    reason: z.string().optional(),
  })
  .openapi('SettlementStarted');

/** The statuses a client may create through the compatibility POST (spec: "statuses created by the client"). */
export const TRADE_CLIENT_NOTIFICATION_STATUSES = ['Incoming', 'Bought Out', 'Accepted', 'Rejected'] as const;
/**
 * Every status a stored notification can carry; written only by trade: 'New Match' (a saved search matched)
 * and 'Removed' (an admin removed a copy held as a suspected duplicate; season.item-removed.v1).
 */
export const TRADE_NOTIFICATION_STATUSES = [...TRADE_CLIENT_NOTIFICATION_STATUSES, 'New Match', 'Removed'] as const;

export const tradeNotificationSchema = z
  .object({
    tradeNotificationId: z.number().int(),
    seasonParticipantId: z.number().int(),
    offerFrom: z.string(),
    status: z.enum(TRADE_NOTIFICATION_STATUSES),
    listedItemName: z.string(),
    offeredItems: z.string(),
    createdOn: z.string(),
    acknowledgedOn: z.string().nullable(),
  })
  .openapi('TradeNotification');
export type TradeNotification = z.infer<typeof tradeNotificationSchema>;

export const createTradeNotificationBody = z
  .object({
    seasonParticipantId: idParam,
    offerFrom: z.string().trim().min(1).max(100),
    listedItemName: z.string().trim().max(300).default(''),
    offeredItems: z.string().trim().max(2_000).default(''),
    status: z.enum(TRADE_CLIENT_NOTIFICATION_STATUSES),
  })
  .openapi('CreateTradeNotificationRequest');

export const acknowledgeTradeNotificationsBody = z.array(idParam).max(1_000).openapi('AcknowledgeTradeNotifications');

export const ignoredParticipantSchema = z
  .object({ ignoredParticipantId: z.number().int(), ignoredUsername: z.string() })
  .openapi('IgnoredParticipant');

/** One of record or participantItemId (a listed or stash item whose base record is meant). */
export const tradePriceHistoryQuery = z.object({
  record: z.string().trim().min(1).max(512).optional(),
  participantItemId: idParam.optional(),
  branch: branchSchema.optional(),
});

export const tradePriceHistorySchema = z
  .object({
    record: z.string(),
    /** The record's name in the reader's language, when the published game data knows it. */
    itemName: z.string().optional(),
    /** The currency the median is over: the one most settlements of this record were paid in. */
    currency: z.string().nullable(),
    median: z.number().nullable(),
    /** Completed settlements of this record over the season (any payment). */
    volume: z.number().int(),
    last: z.array(
      z.object({
        currency: z.string().nullable(),
        price: z.number().int().nullable(),
        count: z.number().int(),
        prefixRecord: z.string(),
        suffixRecord: z.string(),
        /** The item sold (with its affixes), by the game data in the reader's language, else as it was sold. */
        itemName: z.string().optional(),
        settledOn: z.string(),
      }),
    ),
  })
  .openapi('TradePriceHistory');
export type TradePriceHistory = z.infer<typeof tradePriceHistorySchema>;

// ---------------------------------------------------------------- saved searches (issue 20)

/** The filters of `GET /trade/trade-search`, as a JSON body, plus an optional maximum price in one currency. */
const savedSearchFields = {
  name: z.string().trim().min(1).max(100),
  searchTerm: z.string().max(200).nullable().default(null),
  /** Stat filter tags joined by ';' (an item must carry every one). */
  filter: z.string().max(2_000).nullable().default(null),
  itemType: z.number().int().min(0).max(37).nullable().default(null),
  minLevel: z.number().int().min(0).max(200).nullable().default(null),
  maxLevel: z.number().int().min(0).max(200).nullable().default(null),
  rarity: z.string().max(50).nullable().default(null),
  /** Only listings priced in this currency at no more than `maxPrice` match (offers-only listings do not). */
  maxPriceCurrency: currency.nullable().default(null),
  maxPrice: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
};

export const savedSearchBody = z
  .object({ ...savedSearchFields, paused: z.boolean().default(false) })
  .refine((v) => (v.maxPriceCurrency === null) === (v.maxPrice === null), {
    message: 'maxPriceCurrency and maxPrice are set together (a price of at least 1), or both left empty',
    path: ['maxPrice'],
  })
  .refine((v) => v.minLevel === null || v.maxLevel === null || v.minLevel <= v.maxLevel, {
    message: 'minLevel cannot be above maxLevel',
    path: ['maxLevel'],
  })
  .openapi('SavedSearchRequest');
export type SavedSearchRequest = z.infer<typeof savedSearchBody>;

export const savedSearchPatchBody = z.object({ paused: z.boolean() }).openapi('SavedSearchPatch');

export const savedSearchParams = z.object({ id: idParam, searchId: idParam });

export const savedSearchSchema = z
  .object({
    savedSearchId: z.number().int(),
    seasonParticipantId: z.number().int(),
    name: z.string(),
    searchTerm: z.string().nullable(),
    filter: z.string().nullable(),
    itemType: z.number().int().nullable(),
    minLevel: z.number().int().nullable(),
    maxLevel: z.number().int().nullable(),
    rarity: z.string().nullable(),
    maxPriceCurrency: z.string().nullable(),
    maxPrice: z.number().int().nullable(),
    paused: z.boolean(),
    /** 'New Match' notifications of this search written since it was last run (or created). */
    newMatches: z.number().int(),
    lastRunAt: z.string().nullable(),
    createdOn: z.string(),
  })
  .openapi('SavedSearch');
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** At most this many saved searches per participant. */
export const MAX_SAVED_SEARCHES = 20;
