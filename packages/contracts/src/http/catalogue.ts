import {
  BASE_CLASSES,
  CATALOGUE_ITEM_TYPES,
  DIFFICULTIES,
  ITEM_RARITIES,
  STAT_FILTER_CATEGORIES,
} from '../catalogue-constants';
import { z } from '../zod';
import { booleanQuery } from './common';
import { listOrPageSchema, pageQueryFields } from './paging';

/** The catalogue: items, nodes, encounters, monsters, Boundless Dungeon mutators and the stat filter list. */

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** 0 (or absent) means "new" in a save body, as the admin screens send it. */
const saveId = z.number().int().min(0).max(2_147_483_647);
const text = (max: number) => z.string().max(max, `at most ${max} characters`);
const name = z.string().trim().min(1, 'must not be empty').max(120, 'at most 120 characters');
const stat = z.number().int().min(0).max(10_000);
/** An empty query value (`?includeInactive=`, the '-- None --' type) means the parameter is absent. */
const optionalQuery = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const catalogueItemTypeSchema = z.enum(CATALOGUE_ITEM_TYPES);
export const itemRaritySchema = z.enum(ITEM_RARITIES);

// ---------------------------------------------------------------- nodes

const nodeBase = {
  nodeId: z.number().int(),
  /** null for a node at the top of its section; else the node it belongs under (one level deep). */
  parentNodeId: z.number().int().nullable(),
  nodeTypeId: z.number().int(),
  rawHtml: z.string(),
};

export const itemChildNodeSchema = z.object({ ...nodeBase, childNodes: z.array(z.object({})).max(0) });
export const itemNodeSchema = z.object({ ...nodeBase, childNodes: z.array(itemChildNodeSchema) }).openapi('ItemNode', {
  description: 'nodeTypeId: 1 base stats, 2 item modifiers, 3 skill modifiers, 4 granted skill, 5 set bonuses',
});
export type ItemNode = z.infer<typeof itemNodeSchema>;

const monsterNodeBase = { ...nodeBase, title: z.string(), active: z.boolean() };
export const monsterChildNodeSchema = z.object({ ...monsterNodeBase, childNodes: z.array(z.object({})).max(0) });
export const monsterNodeSchema = z
  .object({ ...monsterNodeBase, childNodes: z.array(monsterChildNodeSchema) })
  .openapi('MonsterNode', { description: 'nodeTypeId: 1 attack, 2 passive' });
export type MonsterNode = z.infer<typeof monsterNodeSchema>;

export const saveNodeBodySchema = z
  .object({
    nodeId: saveId.optional(),
    itemId: z.number().int().positive().optional(),
    monsterId: z.number().int().positive().optional(),
    parentNodeId: z.number().int().positive().nullable().optional(),
    nodeTypeId: z.number().int().min(1).max(5),
    rawHtml: text(20_000),
    title: text(200).optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => (b.itemId === undefined) !== (b.monsterId === undefined), {
    message: 'give exactly one of itemId and monsterId',
  })
  .openapi('SaveNodeBody');
export type SaveNodeBody = z.infer<typeof saveNodeBodySchema>;

export const savedNodeSchema = z
  .object({
    ...monsterNodeBase,
    title: z.string().optional(),
    active: z.boolean().optional(),
    itemId: z.number().int().optional(),
    monsterId: z.number().int().optional(),
  })
  .openapi('SavedNode');
export type SavedNode = z.infer<typeof savedNodeSchema>;

export const nodeOwnerQuerySchema = z
  .object({ itemId: id.optional(), monsterId: id.optional() })
  .refine((q) => (q.itemId === undefined) !== (q.monsterId === undefined), {
    message: 'give exactly one of itemId and monsterId (the owner of the node)',
  });

// ---------------------------------------------------------------- items

export const itemSummarySchema = z
  .object({
    itemId: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    lore: z.string(),
    /** '' until an admin picks one on a new item. */
    rarity: itemRaritySchema.or(z.literal('')),
    type: catalogueItemTypeSchema.or(z.literal('')),
    requiredPhysique: z.number().int(),
    requiredCunning: z.number().int(),
    requiredSpirit: z.number().int(),
    requiredPlayerLevel: z.number().int(),
    itemLevel: z.number().int(),
    dropsFrom: z.string(),
  })
  .openapi('CatalogueItemSummary');
export type CatalogueItemSummary = z.infer<typeof itemSummarySchema>;

export const catalogueItemSchema = itemSummarySchema
  .extend({ nodes: z.array(itemNodeSchema) })
  .openapi('CatalogueItem');
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const itemListSchema = z.array(itemSummarySchema);

export const itemsQuerySchema = z.object({
  includeInactive: optionalQuery(booleanQuery),
  /** Case-insensitive, over name, lore and node text. */
  searchTerm: optionalQuery(z.string().max(100, 'at most 100 characters')),
  /** Exact catalogue item type. */
  type: optionalQuery(catalogueItemTypeSchema),
});

export const includeInactiveQuerySchema = z.object({ includeInactive: optionalQuery(booleanQuery) });

export const itemIdParamsSchema = z.object({ id });
export const idParamsSchema = z.object({ id });

export const saveItemBodySchema = z
  .object({
    itemId: saveId.optional(),
    name: name.optional(),
    active: z.boolean().optional(),
    lore: text(4000).optional(),
    rarity: itemRaritySchema.or(z.literal('')).optional(),
    type: catalogueItemTypeSchema.or(z.literal('')).optional(),
    requiredPhysique: stat.optional(),
    requiredCunning: stat.optional(),
    requiredSpirit: stat.optional(),
    requiredPlayerLevel: z.number().int().min(1).max(100).optional(),
    itemLevel: z.number().int().min(0).max(120).optional(),
    dropsFrom: text(500).optional(),
  })
  .openapi('SaveItemBody', { description: 'itemId 0 or absent creates; absent fields keep their value' });
export type SaveItemBody = z.infer<typeof saveItemBodySchema>;

// ---------------------------------------------------------------- encounters and monsters

export const encounterSchema = z
  .object({ encounterId: z.number().int(), name: z.string(), active: z.boolean() })
  .openapi('Encounter');
export type Encounter = z.infer<typeof encounterSchema>;
export const encounterListSchema = z.array(encounterSchema);

export const saveEncounterBodySchema = z
  .object({ encounterId: saveId.optional(), name: name.optional(), active: z.boolean().optional() })
  .openapi('SaveEncounterBody', { description: 'encounterId 0 or absent creates (New Encounter, active)' });
export type SaveEncounterBody = z.infer<typeof saveEncounterBodySchema>;

export const monsterSummarySchema = z
  .object({
    monsterId: z.number().int(),
    name: z.string(),
    race: z.string(),
    type: z.string(),
    lore: z.string(),
    active: z.boolean(),
    encounterId: z.number().int().nullable(),
    parentMonsterId: z.number().int().nullable(),
  })
  .openapi('MonsterSummary');
export type MonsterSummary = z.infer<typeof monsterSummarySchema>;
export const monsterListSchema = z.array(monsterSummarySchema);

export const monsterSchema = monsterSummarySchema
  .extend({ childMonsters: z.array(monsterSummarySchema), nodes: z.array(monsterNodeSchema) })
  .openapi('Monster');
export type Monster = z.infer<typeof monsterSchema>;

export const monstersQuerySchema = z.object({
  includeInactive: optionalQuery(booleanQuery),
  encounterId: optionalQuery(id),
});

export const saveMonsterBodySchema = z
  .object({
    monsterId: saveId.optional(),
    name: name.optional(),
    race: text(80).optional(),
    type: text(80).optional(),
    lore: text(4000).optional(),
    active: z.boolean().optional(),
    encounterId: z.number().int().positive().nullable().optional(),
    parentMonsterId: z.number().int().positive().nullable().optional(),
  })
  .openapi('SaveMonsterBody', {
    description: 'monsterId 0 or absent creates; with parentMonsterId the new monster is a minion of that parent',
  });
export type SaveMonsterBody = z.infer<typeof saveMonsterBodySchema>;

// ---------------------------------------------------------------- mutators, stat filters, item display

export const statLineSchema = z.object({ statDisplay: z.string() });

export const mutatorSchema = z
  .object({
    name: z.string(),
    class: z.enum(BASE_CLASSES),
    difficulty: z.enum(DIFFICULTIES),
    /** Stat lines: {…} highlighted, […] secondary highlight. */
    modifiers: z.array(statLineSchema),
  })
  .openapi('BoundlessMutator');
export type Mutator = z.infer<typeof mutatorSchema>;
export const mutatorListSchema = z.array(mutatorSchema);

export const statFilterSchema = z
  .object({ statTag: z.string(), description: z.string(), category: z.enum(STAT_FILTER_CATEGORIES) })
  .openapi('StatFilter');
export type StatFilter = z.infer<typeof statFilterSchema>;
export const statFilterListSchema = z.array(statFilterSchema);

export const itemStatLineSchema = z.object({ statDisplay: z.string(), statTypeId: z.number().int() });
export type ItemStatLine = z.infer<typeof itemStatLineSchema>;

const dbrTag = z.object({ name: z.string() });
const affixSchema = z.object({ itemDbrTag: dbrTag, rarity: z.string(), levelRequirement: z.number().int() });

export const itemDisplaySchema = z
  .object({
    baseItem: z.object({
      itemDbrTag: dbrTag,
      rarity: z.string(),
      /** tagStyleUniqueTier2 (Empowered), tagStyleUniqueTier3 (Mythical) or null. */
      style: z.string().nullable(),
      /** The stash item type id (0–37); null while a new item has no type. */
      itemTypeId: z.number().int().nullable(),
      levelRequirement: z.number().int(),
    }),
    prefix: affixSchema.nullable(),
    suffix: affixSchema.nullable(),
    itemType: z.string(),
  })
  .openapi('ItemDisplay');
export type ItemDisplay = z.infer<typeof itemDisplaySchema>;

export const itemStatsSchema = z
  .object({
    itemDisplay: itemDisplaySchema,
    statDetail: z.object({
      itemStatLines: z.array(itemStatLineSchema),
      completionStatLines: z.array(itemStatLineSchema),
    }),
  })
  .openapi('ItemStats', { description: 'statTypeId 462 = pet stat, 463 = granted skill' });
export type ItemStats = z.infer<typeof itemStatsSchema>;

// ---------------------------------------------------------------- admin tables: server-side paging and sorting

export const ITEM_SORTS = ['name', 'rarity', 'type', 'active', 'itemId', 'itemLevel'] as const;
export const MONSTER_SORTS = ['name', 'race', 'type', 'active', 'monsterId'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
export type MonsterSort = (typeof MONSTER_SORTS)[number];

/** `GET /season/items` with optional `page`, `pageSize`, `sort`, `dir` (then the answer is `{ items, itemCount }`). */
export const itemsPageQuerySchema = itemsQuerySchema.extend(pageQueryFields(ITEM_SORTS));
export const monstersPageQuerySchema = monstersQuerySchema.extend(pageQueryFields(MONSTER_SORTS));
export const itemListOrPageSchema = listOrPageSchema(itemSummarySchema);
export const monsterListOrPageSchema = listOrPageSchema(monsterSummarySchema);
