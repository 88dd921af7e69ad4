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
    /**
     * Optional (issue 29): held for review as a suspected duplicate (season.item-held.v1): it cannot be listed,
     * offered or withdrawn until an admin releases it; `tradable` is false meanwhile. Absent = not held.
     */
    held: z.boolean().optional(),
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

// ---------------------------------------------------------------- suspected duplicates (issue 29)
// An uploaded copy of an item instance the season already holds is stored but held for review (season
// README "Suspected duplicates"). Each event is written in the same single-document update as the item's
// change (its stash-item-changed carries `held` too), keyed by the item, so a consumer of either sees the
// item's versions in order.

/** The two doors a launcher upload comes through. */
export const UPLOAD_CHANNELS = ['cloud-upload', 'shared-stash'] as const;
export type UploadChannel = (typeof UPLOAD_CHANNELS)[number];

const heldItemRef = {
  participantItemId: z.number().int().positive(),
  seasonParticipantId: z.number().int().positive(),
  seasonId: z.number().int().positive(),
  username: z.string().min(1),
  /** The item's version after this change (the same as its stash-item-changed of this write). */
  version: z.number().int().positive(),
  /** The instance's identity in its season (base record, affixes, relic, augment and seeds, hashed). */
  instanceId: z.string().min(1),
};

/** An uploaded copy matched an instance the season already holds: stored, but not listable, offerable or withdrawable. */
export const itemHeldV1 = defineEvent(
  'season.item-held.v1',
  z.object({
    ...heldItemRef,
    record: z.string(),
    prefixRecord: z.string(),
    suffixRecord: z.string(),
    itemName: z.string(),
    via: z.enum(UPLOAD_CHANNELS),
    /** The copy the season held first (it keeps working). */
    firstCopy: z.object({
      participantItemId: z.number().int().positive(),
      seasonParticipantId: z.number().int().positive(),
      username: z.string(),
    }),
    heldAt: z.string().datetime(),
  }),
);

/** An admin found the match a chance collision: the held copy is a normal item again. */
export const itemReleasedV1 = defineEvent(
  'season.item-released.v1',
  z.object({ ...heldItemRef, releasedBy: z.string().min(1), releasedAt: z.string().datetime() }),
);

/** An admin removed the held copy (it left the stash: its stash-item-changed has stackCount 0). */
export const itemRemovedV1 = defineEvent(
  'season.item-removed.v1',
  z.object({
    ...heldItemRef,
    record: z.string(),
    prefixRecord: z.string(),
    suffixRecord: z.string(),
    itemName: z.string(),
    removedBy: z.string().min(1),
    removedAt: z.string().datetime(),
  }),
);
