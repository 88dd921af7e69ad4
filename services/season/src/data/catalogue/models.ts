import mongoose, { type Connection } from 'mongoose';

/**
 * The catalogue's collections. Records use the spec's numeric ids as `_id` (allocated by IdAllocator).
 * `seedKey` marks records the demo seed wrote, so running the seed again adds only what is missing;
 * unique and sparse, because admin-made records have none.
 */

export interface ItemDoc {
  _id: number;
  name: string;
  active: boolean;
  lore: string;
  rarity: string;
  type: string;
  requiredPhysique: number;
  requiredCunning: number;
  requiredSpirit: number;
  requiredPlayerLevel: number;
  itemLevel: number;
  dropsFrom: string;
  seedKey?: string;
}

export interface NodeDoc {
  _id: number;
  ownerKind: 'item' | 'monster';
  ownerId: number;
  parentNodeId: number | null;
  nodeTypeId: number;
  rawHtml: string;
  text: string;
  title: string;
  active: boolean;
  seedKey?: string;
}

export interface EncounterDoc {
  _id: number;
  name: string;
  active: boolean;
  seedKey?: string;
}

export interface MonsterDoc {
  _id: number;
  name: string;
  race: string;
  type: string;
  lore: string;
  active: boolean;
  encounterId: number | null;
  parentMonsterId: number | null;
  seedKey?: string;
}

export interface MutatorDoc {
  /** class:name:difficulty */
  _id: string;
  name: string;
  class: string;
  difficulty: string;
  modifiers: Array<{ statDisplay: string }>;
}

export interface StatFilterDoc {
  /** the statTag */
  _id: string;
  description: string;
  category: string;
}

const opts = { versionKey: false } as const;
const seedKey = { type: String, unique: true, sparse: true };

const itemSchema = new mongoose.Schema<ItemDoc>(
  {
    _id: Number,
    name: { type: String, required: true, index: true },
    active: { type: Boolean, required: true, index: true },
    lore: { type: String, default: '' },
    rarity: { type: String, default: '' },
    type: { type: String, default: '', index: true },
    requiredPhysique: { type: Number, default: 0 },
    requiredCunning: { type: Number, default: 0 },
    requiredSpirit: { type: Number, default: 0 },
    requiredPlayerLevel: { type: Number, default: 94 },
    itemLevel: { type: Number, default: 0 },
    dropsFrom: { type: String, default: '' },
    seedKey,
  },
  opts,
);

const nodeSchema = new mongoose.Schema<NodeDoc>(
  {
    _id: Number,
    ownerKind: { type: String, required: true, enum: ['item', 'monster'] },
    ownerId: { type: Number, required: true },
    parentNodeId: { type: Number, default: null, index: true },
    nodeTypeId: { type: Number, required: true },
    rawHtml: { type: String, default: '' },
    text: { type: String, default: '' },
    title: { type: String, default: '' },
    active: { type: Boolean, default: true },
    seedKey,
  },
  opts,
);
nodeSchema.index({ ownerKind: 1, ownerId: 1 });

const encounterSchema = new mongoose.Schema<EncounterDoc>(
  { _id: Number, name: { type: String, required: true }, active: { type: Boolean, required: true }, seedKey },
  opts,
);

const monsterSchema = new mongoose.Schema<MonsterDoc>(
  {
    _id: Number,
    name: { type: String, required: true },
    race: { type: String, default: '' },
    type: { type: String, default: '' },
    lore: { type: String, default: '' },
    active: { type: Boolean, required: true },
    encounterId: { type: Number, default: null, index: true },
    parentMonsterId: { type: Number, default: null, index: true },
    seedKey,
  },
  opts,
);

const mutatorSchema = new mongoose.Schema<MutatorDoc>(
  {
    _id: String,
    name: { type: String, required: true },
    class: { type: String, required: true },
    difficulty: { type: String, required: true },
    modifiers: { type: [{ _id: false, statDisplay: String }], default: [] },
  },
  opts,
);

const statFilterSchema = new mongoose.Schema<StatFilterDoc>(
  { _id: String, description: { type: String, required: true }, category: { type: String, required: true } },
  opts,
);

// The service and the seed may both ask for the models on one connection: register each once.
function model<T>(conn: Connection, name: string, schema: mongoose.Schema<T>, collection: string) {
  return (conn.models[name] as mongoose.Model<T> | undefined) ?? conn.model<T>(name, schema, collection);
}

export function catalogueModels(conn: Connection) {
  return {
    items: model<ItemDoc>(conn, 'CatalogueItem', itemSchema, 'catalogue_items'),
    nodes: model<NodeDoc>(conn, 'CatalogueNode', nodeSchema, 'catalogue_nodes'),
    encounters: model<EncounterDoc>(conn, 'CatalogueEncounter', encounterSchema, 'catalogue_encounters'),
    monsters: model<MonsterDoc>(conn, 'CatalogueMonster', monsterSchema, 'catalogue_monsters'),
    mutators: model<MutatorDoc>(conn, 'BoundlessMutator', mutatorSchema, 'boundless_mutators'),
    statFilters: model<StatFilterDoc>(conn, 'StatFilter', statFilterSchema, 'stat_filters'),
  };
}
export type CatalogueModels = ReturnType<typeof catalogueModels>;
