import { STASH_ITEM_TYPES, STASH_RARITY_FILTERS } from '../catalogue-constants';
import { CURRENCY_NAMES } from '../currencies';
import { z } from '../zod';
import { itemDisplaySchema } from './catalogue';
import { booleanQuery, branchSchema } from './common';

/** An item as the game launcher sends and reads it (LAUNCHER-API.md: item strings are "" when empty). */
export const launcherItemSchema = z
  .object({
    name: z.string().min(1).max(512),
    prefix: z.string().max(512).default(''),
    suffix: z.string().max(512).default(''),
    modifier: z.string().max(512).default(''),
    illusion: z.string().max(512).default(''),
    component: z.string().max(512).default(''),
    completion: z.string().max(512).default(''),
    augment: z.string().max(512).default(''),
    itemSeed: z.number().int().min(0).max(0xffffffff).default(0),
    componentSeed: z.number().int().min(0).max(0xffffffff).default(0),
    augmentSeed: z.number().int().min(0).max(0xffffffff).default(0),
    stackCount: z.number().int().min(1).max(0xffffffff).default(1),
  })
  .openapi('LauncherItem');
export type LauncherItem = z.infer<typeof launcherItemSchema>;

/** An item of its base record alone (no affixes or components, seeds 0, one of it), with `over` on top. */
export const plainLauncherItem = (name: string, over: Partial<LauncherItem> = {}): LauncherItem => ({
  name,
  prefix: '',
  suffix: '',
  modifier: '',
  illusion: '',
  component: '',
  completion: '',
  augment: '',
  itemSeed: 0,
  componentSeed: 0,
  augmentSeed: 0,
  stackCount: 1,
  ...over,
});

// ---------------------------------------------------------------- the cloud stash (season service)
// Added by the season side of the cloud stash; see services/season/README.md "Cloud stash".

/** An empty query value ('?searchTerm=') counts as absent. */
const optionalQuery = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** `?branch` on the stash calls: validated, otherwise the participant decides the season. */
export const stashBranchQuerySchema = z.object({ branch: branchSchema.optional() });

/** The launcher's upload (`POST Season/participant/{id}/stash`): the items of the game's upload tab. */
export const stashUploadBodySchema = z.array(launcherItemSchema).max(500).openapi('StashUpload');

/** A transfer-queue entry: the launcher's item JSON with its cloud id. */
export const transferQueueItemSchema = launcherItemSchema
  .extend({ participantItemId: z.number().int().positive() })
  .openapi('TransferQueueItem');
export const transferQueueSchema = z.array(transferQueueItemSchema);

/** `POST .../pull-items`: the ids the launcher placed into the game's tab 5. */
export const pullItemsBodySchema = z.array(z.number().int().positive()).max(1000).openapi('PullItems');

export const STASH_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

export const stashQuerySchema = z.object({
  transfer: optionalQuery(booleanQuery),
  forTrade: optionalQuery(booleanQuery),
  includeCurrencies: optionalQuery(booleanQuery),
  duplicates: optionalQuery(booleanQuery),
  /** 1-based. */
  page: optionalQuery(z.coerce.number().int().min(1).max(100_000)),
  pageSize: optionalQuery(
    z.coerce
      .number()
      .int()
      .refine((n) => (STASH_PAGE_SIZES as readonly number[]).includes(n), {
        message: `must be one of ${STASH_PAGE_SIZES.join(', ')}`,
      }),
  ),
  searchTerm: optionalQuery(z.string().max(100)),
  /** Stat filter tags joined by ';' (an item must carry every one). */
  filter: optionalQuery(z.string().max(2000)),
  itemType: optionalQuery(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(STASH_ITEM_TYPES.length - 1),
  ),
  minLevel: optionalQuery(z.coerce.number().int().min(0).max(200)),
  maxLevel: optionalQuery(z.coerce.number().int().min(0).max(200)),
  rarity: optionalQuery(z.enum(STASH_RARITY_FILTERS)),
  branch: optionalQuery(branchSchema),
});
export type StashQuery = z.infer<typeof stashQuerySchema>;

export const toggleTransferQuerySchema = z.object({
  branch: optionalQuery(branchSchema),
  withdrawAmount: optionalQuery(z.coerce.number().int().min(1).max(0xffffffff)),
});

const affixDisplay = itemDisplaySchema.shape.prefix;

/** One stash row (spec §3 "Stash item"). */
export const stashItemSchema = z
  .object({
    /** 0 on a currency row (includeCurrencies=true). */
    participantItemId: z.number().int().min(0),
    baseItem: itemDisplaySchema.shape.baseItem,
    prefix: affixDisplay,
    suffix: affixDisplay,
    itemType: z.string(),
    stackCount: z.number().int().min(0),
    forTrade: z.boolean(),
    tradable: z.boolean(),
    askingCurrency: z.string().nullable(),
    askingPrice: z.number().int().nullable(),
    sellerComment: z.string().nullable(),
    owner: z.string(),
    seasonParticipantId: z.number().int().positive(),
    transferToStash: z.boolean(),
    /** How many of the stack listings and offers hold (cannot be queued). */
    reservedCount: z.number().int().min(0),
    /** Set only on currency rows (includeCurrencies=true): the currency's name. */
    currency: z.string().nullable(),
    /**
     * Held for review as a suspected duplicate (issue 29): stored, but it cannot be listed, offered or
     * withdrawn until an admin releases it. Absent on currency rows.
     */
    held: z.boolean().optional(),
  })
  .openapi('StashItem');
export type StashItem = z.infer<typeof stashItemSchema>;

/** `capacity` 0 = unlimited (a supporter). */
export const stashPageSchema = z
  .object({ items: z.array(stashItemSchema), itemCount: z.number().int().min(0), capacity: z.number().int().min(0) })
  .openapi('StashPage');

export const tradeCurrencyRowSchema = z
  .object({ currency: z.enum(CURRENCY_NAMES), recordPath: z.string(), amount: z.number().int().min(0) })
  .openapi('TradeCurrency');
export const tradeCurrenciesSchema = z.array(tradeCurrencyRowSchema);

export const stashUploadResultSchema = z
  .object({
    stored: z.number().int().min(0),
    currencies: z.record(z.string(), z.number().int()),
    /** How many of the stored items are held for review as suspected duplicates (issue 29). */
    held: z.number().int().min(0).optional(),
  })
  .openapi('StashUploadResult');
