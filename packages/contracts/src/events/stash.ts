import { itemDisplaySchema } from '../http/catalogue';
import { defineEvent } from '../envelope';
import { z } from '../zod';

/**
 * Season owns every cloud stash. Each change of one stash item is published with the item's full state
 * (`stackCount` 0 = the item left the stash: pulled into the game, traded away or merged). `version` grows
 * with every change of that item; a read model applies an event only if its version is newer.
 */
export const stashItemChangedV1 = defineEvent(
  'season.stash-item-changed.v1',
  z.object({
    participantItemId: z.number().int().positive(),
    seasonParticipantId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    username: z.string().min(1),
    version: z.number().int().positive(),
    stackCount: z.number().int().min(0),
    /** Waiting in the transfer queue (cannot be listed or offered). */
    queued: z.boolean(),
    tradable: z.boolean(),
    record: z.string(),
    prefixRecord: z.string(),
    suffixRecord: z.string(),
    itemDisplay: itemDisplaySchema,
    /** The display name used by searches ("prefix base suffix"). */
    itemName: z.string(),
    /** Stat filter tags the item carries (the stat filter catalogue's statTag values). */
    statTags: z.array(z.string()),
    changedAt: z.string().datetime(),
    /**
     * Optional (added for the trading post's search): the stash rarity filter class of the item
     * (STASH_RARITY_FILTERS: Common, Magical, Monster Infrequent, Double Rare Affix, Double Rare MI, Epic,
     * Legendary). Without it trade derives the class from `itemDisplay`, which cannot tell a monster
     * infrequent base.
     */
    rarityFilter: z.string().optional(),
  }),
);

/** A participant's balances of the 27 currencies (all of them, after the change). */
export const currenciesChangedV1 = defineEvent(
  'season.currencies-changed.v1',
  z.object({
    seasonParticipantId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    version: z.number().int().positive(),
    balances: z.record(z.string(), z.number().int().min(0)),
    changedAt: z.string().datetime(),
  }),
);

const settlementRef = {
  settlementId: z.string().uuid(),
  tradeListingId: z.number().int().positive(),
  /** The accepted offer, or null for a buyout. */
  tradeOfferId: z.number().int().positive().nullable(),
};

/** Season moved the listed item and the payment between the two stashes (exactly once per settlement). */
export const settlementCompletedV1 = defineEvent(
  'season.settlement-completed.v1',
  z.object({
    ...settlementRef,
    /** The ids the moved items have in the receiving stashes (a split stack gets a new id). */
    buyerItemIds: z.array(z.number().int().positive()),
    sellerItemIds: z.array(z.number().int().positive()),
    completedAt: z.string().datetime(),
  }),
);

/** Season could not settle (an item or balance no longer there, a full stash); nothing moved. */
export const settlementFailedV1 = defineEvent(
  'season.settlement-failed.v1',
  z.object({ ...settlementRef, reason: z.string(), failedAt: z.string().datetime() }),
);
