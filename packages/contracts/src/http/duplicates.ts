import { UPLOAD_CHANNELS } from '../events/stash';
import { z } from '../zod';
import { idParam } from './common';
import { pagedSchema, pageQueryFields } from './paging';

// ---------------------------------------------------------------- suspected duplicates (issue 29, season service)
// The admin's review of copies held at upload: GET /admin/duplicates (server-side paging), and Release or
// Remove of one held copy. See services/season/README.md "Suspected duplicates".

/** A held copy's review: waiting (held), or decided (released: a chance collision; removed: a duplicate). */
export const DUPLICATE_REVIEW_STATES = ['held', 'released', 'removed'] as const;
export type DuplicateReviewState = (typeof DUPLICATE_REVIEW_STATES)[number];
export const DUPLICATE_SORT_FIELDS = ['heldAt', 'itemName', 'holder', 'state'] as const;

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const duplicatesQuerySchema = z.object({
  ...pageQueryFields(DUPLICATE_SORT_FIELDS),
  /** Which reviews: `held` (waiting for an admin; the default), `released`, `removed`, or `all`. */
  state: optional(z.enum([...DUPLICATE_REVIEW_STATES, 'all'])),
  /** One season only (else every season). */
  seasonId: optional(z.coerce.number().int().positive()),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

/** Where a copy is now. `storing`: its upload is still being written. */
export const COPY_LOCATIONS = ['stash', 'queue', 'listed', 'offered', 'game', 'removed', 'storing'] as const;

export const duplicateCopySchema = z
  .object({
    participantItemId: z.number().int().positive(),
    /** Who holds it now (after trades), or held it last (`game`: pulled into their game). */
    seasonParticipantId: z.number().int().min(0),
    holder: z.string(),
    /** Who uploaded it, when and through which upload. */
    uploadedBy: z.string(),
    arrivedAt: z.string().nullable(),
    via: z.enum(UPLOAD_CHANNELS).nullable(),
    location: z.enum(COPY_LOCATIONS),
  })
  .openapi('DuplicateCopy');

export const duplicateTradeSchema = z
  .object({
    settlementId: z.string(),
    participantItemId: z.number().int().positive(),
    from: z.string(),
    to: z.string(),
    settledAt: z.string(),
  })
  .openapi('DuplicateTrade');

export const duplicateActionSchema = z
  .object({ action: z.enum(DUPLICATE_REVIEW_STATES), by: z.string(), at: z.string() })
  .openapi('DuplicateAction');

/** One held copy with the copies the season held before it and the instance's trades. */
export const suspectedDuplicateSchema = z
  .object({
    /** The held copy's stash item id (the row's id). */
    participantItemId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    seasonName: z.string(),
    instanceId: z.string(),
    itemName: z.string(),
    record: z.string(),
    state: z.enum(DUPLICATE_REVIEW_STATES),
    heldAt: z.string(),
    heldCopy: duplicateCopySchema,
    /** The copies the season held first (the ones that keep working), usually one. */
    firstCopies: z.array(duplicateCopySchema),
    /** Every settlement that moved a copy of this instance, oldest first. */
    trades: z.array(duplicateTradeSchema),
    /** Held, then the admin's decision, each with who and when. */
    actions: z.array(duplicateActionSchema),
  })
  .openapi('SuspectedDuplicate');
export type SuspectedDuplicate = z.infer<typeof suspectedDuplicateSchema>;

export const suspectedDuplicatesPageSchema = pagedSchema(suspectedDuplicateSchema).openapi('SuspectedDuplicatesPage');

export const duplicateIdParams = z.object({ id: idParam });
