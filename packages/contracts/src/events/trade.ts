import { itemDisplaySchema } from '../http/catalogue';
import { defineEvent } from '../envelope';
import { z } from '../zod';

const itemCount = z.object({ participantItemId: z.number().int().positive(), count: z.number().int().positive() });

/**
 * Trade reserves items for a listing or an offer (and releases them). Season keeps the reservations on the
 * stash item so a reserved item cannot be queued for the game; keyed by the reservation id, so applying one
 * twice changes nothing. `reserved: false` releases it.
 */
export const reservationChangedV1 = defineEvent(
  'trade.reservation-changed.v1',
  z.object({
    reservationId: z.string().min(1),
    seasonParticipantId: z.number().int().positive(),
    participantItemId: z.number().int().positive(),
    count: z.number().int().positive(),
    kind: z.enum(['listing', 'offer']),
    reserved: z.boolean(),
    changedAt: z.string().datetime(),
    /**
     * Optional (added by season's stash work): for a listing, what the stash row shows (forTrade with the
     * asking price and the seller's comment). A reservation sent again with the same id and new terms
     * updates them (a PUT trade-listing).
     */
    tradeListingId: z.number().int().positive().optional(),
    askingCurrency: z.string().nullable().optional(),
    askingPrice: z.number().int().positive().nullable().optional(),
    sellerComment: z.string().nullable().optional(),
  }),
);

/** Step 2 of the saga: a listing moved open → settling; season moves the items and the payment. */
export const settlementRequestedV1 = defineEvent(
  'trade.settlement-requested.v1',
  z.object({
    settlementId: z.string().uuid(),
    tradeListingId: z.number().int().positive(),
    tradeOfferId: z.number().int().positive().nullable(),
    seasonId: z.number().int().positive(),
    sellerParticipantId: z.number().int().positive(),
    buyerParticipantId: z.number().int().positive(),
    /** The listed item and how many of its stack are sold. */
    item: itemCount,
    /** A buyout pays currency; an accepted offer pays the offered items. */
    payment: z.union([
      z.object({ kind: z.literal('currency'), currency: z.string(), amount: z.number().int().positive() }),
      z.object({ kind: z.literal('items'), items: z.array(itemCount).min(1) }),
    ]),
    requestedAt: z.string().datetime(),
  }),
);

/** A listing opened on the trading post (saved searches match against it). */
export const listingOpenedV1 = defineEvent(
  'trade.listing-opened.v1',
  z.object({
    tradeListingId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    seasonParticipantId: z.number().int().positive(),
    participantItemId: z.number().int().positive(),
    count: z.number().int().positive(),
    askingCurrency: z.string().nullable(),
    askingPrice: z.number().int().positive().nullable(),
    itemDisplay: itemDisplaySchema,
    itemName: z.string(),
    statTags: z.array(z.string()),
    /** The seller's username and the stash's rarity class: with them a consumer needs no read of the listing. */
    owner: z.string().optional(),
    rarityFilter: z.string().nullable().optional(),
    /** The item's records and the season's branch: with them a consumer names the item from the game data. */
    record: z.string().optional(),
    prefixRecord: z.string().optional(),
    suffixRecord: z.string().optional(),
    isBeta: z.boolean().optional(),
    openedAt: z.string().datetime(),
  }),
);
