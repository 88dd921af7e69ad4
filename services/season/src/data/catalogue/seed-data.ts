import fs from 'node:fs';
import path from 'node:path';
import {
  BASE_CLASSES,
  CATALOGUE_ITEM_TYPES,
  ITEM_RARITIES,
  STAT_FILTER_CATEGORIES,
  type BaseClass,
  type CatalogueItemType,
  type ItemRarity,
  type StatFilterCategory,
  z,
} from '@league/contracts';

/**
 * The demo catalogue, written by hand in the game's style, lives as data in `services/season/data/catalogue/`
 * (items, encounters with their monsters, Season 4 mutators, stat filters). Node text uses the display
 * markup: {…} is a highlighted value and […] a secondary highlight; a line break in a string becomes <br>
 * when seeded. Every record has a stable key, so the seed adds only what is missing when it runs again.
 * The files are checked against the shapes below when first read, so a typo names its file and field.
 */

export interface SeedNode {
  /** 1 base stats, 2 item modifiers, 3 skill modifiers, 4 granted skill, 5 set bonuses. */
  type: 1 | 2 | 3 | 4 | 5;
  html: string;
  /** Lines nested under this node (e.g. a granted skill's own stats). */
  children?: string[];
}

export interface SeedItem {
  key: string;
  name: string;
  type: CatalogueItemType;
  rarity: ItemRarity;
  level: number;
  itemLevel: number;
  /** Physique, cunning, spirit. */
  req: [number, number, number];
  lore: string;
  dropsFrom: string;
  active?: boolean;
  nodes: SeedNode[];
}

export interface SeedMonster {
  key: string;
  name: string;
  race: string;
  type: string;
  lore: string;
  active?: boolean;
  /** [title, text] */
  attacks: Array<[string, string]>;
  passives: Array<[string, string]>;
  minions?: SeedMonster[];
}

export interface SeedEncounter {
  key: string;
  name: string;
  active?: boolean;
  monsters: SeedMonster[];
}

/** A stat line: fixed text, or a template whose `$` takes the Normal, Elite and Ultimate value in turn. */
export type MutatorLine = string | [template: string, values: [number, number, number]];

export interface SeedMutator {
  class: BaseClass;
  name: string;
  lines: MutatorLine[];
}

const nodeSchema = z
  .object({
    type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    html: z.string().min(1),
    children: z.array(z.string()).optional(),
  })
  .strict();
const itemSchema = z
  .object({
    key: z.string().min(1),
    name: z.string().min(1),
    type: z.enum(CATALOGUE_ITEM_TYPES),
    rarity: z.enum(ITEM_RARITIES),
    level: z.number().int().nonnegative(),
    itemLevel: z.number().int().nonnegative(),
    req: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
    lore: z.string(),
    dropsFrom: z.string(),
    active: z.boolean().optional(),
    nodes: z.array(nodeSchema),
  })
  .strict();
const pair = z.tuple([z.string(), z.string()]);
const monsterSchema: z.ZodType<SeedMonster> = z.lazy(() =>
  z
    .object({
      key: z.string().min(1),
      name: z.string().min(1),
      race: z.string(),
      type: z.string(),
      lore: z.string(),
      active: z.boolean().optional(),
      attacks: z.array(pair),
      passives: z.array(pair),
      minions: z.array(monsterSchema).optional(),
    })
    .strict(),
);
const encounterSchema = z
  .object({
    key: z.string().min(1),
    name: z.string().min(1),
    active: z.boolean().optional(),
    monsters: z.array(monsterSchema),
  })
  .strict();
const mutatorSchema = z
  .object({
    class: z.enum(BASE_CLASSES),
    name: z.string().min(1),
    lines: z.array(z.union([z.string(), z.tuple([z.string(), z.tuple([z.number(), z.number(), z.number()])])])),
  })
  .strict();
const statFiltersSchema = z.array(
  z.tuple([z.enum(STAT_FILTER_CATEGORIES), z.array(z.tuple([z.string().min(1), z.string().min(1)]))]),
);

/** `services/season/data/catalogue`, from `src/data/catalogue` (tests) and `dist/data/catalogue` alike. */
export const SEED_DATA_DIR = path.resolve(__dirname, '../../../data/catalogue');

function load<T>(file: string, schema: z.ZodType<T>): T {
  const full = path.join(SEED_DATA_DIR, file);
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(full, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`catalogue seed ${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export const SEED_ITEMS: SeedItem[] = load('items.json', z.array(itemSchema));
export const SEED_ENCOUNTERS: SeedEncounter[] = load('encounters.json', z.array(encounterSchema));
export const SEED_MUTATORS: SeedMutator[] = load('mutators.json', z.array(mutatorSchema));
/** [statTag, description] per category, in the order the stash filter shows them. */
export const SEED_STAT_FILTERS: Array<[StatFilterCategory, Array<[string, string]>]> = load(
  'stat-filters.json',
  statFiltersSchema,
);

/** The mutators as stored: one record per class, mutator and difficulty. */
export function expandMutators(): Array<{
  class: BaseClass;
  name: string;
  difficulty: 'Normal' | 'Elite' | 'Ultimate';
  modifiers: Array<{ statDisplay: string }>;
}> {
  const difficulties = ['Normal', 'Elite', 'Ultimate'] as const;
  return SEED_MUTATORS.flatMap((m) =>
    difficulties.map((difficulty, i) => ({
      class: m.class,
      name: m.name,
      difficulty,
      modifiers: m.lines.map((line) => ({
        statDisplay: typeof line === 'string' ? line : line[0].replace('$', String(line[1][i])),
      })),
    })),
  );
}
