import type { Mutator, StatFilter } from '@league/contracts';
import type { ChangeToken, Sequences } from '@league/platform';
import type { Connection } from 'mongoose';
import type {
  CatalogueDeps,
  CatalogueVersion,
  EncounterRecord,
  EncounterRepository,
  ItemFields,
  ItemFilter,
  ItemRecord,
  ItemRepository,
  MonsterFields,
  MonsterFilter,
  MonsterRecord,
  MonsterRepository,
  NodeFields,
  NodeOwnerKind,
  NodeRecord,
  NodeRepository,
  ReferenceRepository,
} from '../../domain/catalogue/ports';
import { IdAllocator } from './id-allocator';
import {
  catalogueModels,
  type CatalogueModels,
  type EncounterDoc,
  type ItemDoc,
  type MonsterDoc,
  type NodeDoc,
} from './models';

const toItem = (d: ItemDoc): ItemRecord => ({
  itemId: d._id,
  name: d.name,
  active: d.active,
  lore: d.lore ?? '',
  rarity: (d.rarity ?? '') as ItemRecord['rarity'],
  type: (d.type ?? '') as ItemRecord['type'],
  requiredPhysique: d.requiredPhysique ?? 0,
  requiredCunning: d.requiredCunning ?? 0,
  requiredSpirit: d.requiredSpirit ?? 0,
  requiredPlayerLevel: d.requiredPlayerLevel ?? 94,
  itemLevel: d.itemLevel ?? 0,
  dropsFrom: d.dropsFrom ?? '',
});

const toNode = (d: NodeDoc): NodeRecord => ({
  nodeId: d._id,
  ownerKind: d.ownerKind,
  ownerId: d.ownerId,
  parentNodeId: d.parentNodeId ?? null,
  nodeTypeId: d.nodeTypeId,
  rawHtml: d.rawHtml ?? '',
  text: d.text ?? '',
  title: d.title ?? '',
  active: d.active ?? true,
});

const toEncounter = (d: EncounterDoc): EncounterRecord => ({ encounterId: d._id, name: d.name, active: d.active });

const toMonster = (d: MonsterDoc): MonsterRecord => ({
  monsterId: d._id,
  name: d.name,
  race: d.race ?? '',
  type: d.type ?? '',
  lore: d.lore ?? '',
  active: d.active,
  encounterId: d.encounterId ?? null,
  parentMonsterId: d.parentMonsterId ?? null,
});

/**
 * The catalogue's version token (a change token in Redis, the platform's `redisChangeToken`): read by the cache
 * (domain/catalogue/cache.ts), replaced after every item or node write.
 */
export class CatalogueToken implements CatalogueVersion {
  constructor(private readonly token: ChangeToken) {}

  current(): Promise<string> {
    return this.token.current();
  }

  bump(): Promise<void> {
    return this.token.replace();
  }

  /** Runs a write, then replaces the token (also when the write failed part way: a spare bump is harmless). */
  async after<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      await this.bump();
    }
  }
}

class MongoItems implements ItemRepository {
  constructor(
    private readonly m: CatalogueModels,
    private readonly ids: IdAllocator,
    private readonly version: CatalogueToken,
  ) {}

  async list(filter: ItemFilter): Promise<ItemRecord[]> {
    const query: Record<string, unknown> = {};
    if (!filter.includeInactive) query.active = true;
    if (filter.type) query.type = filter.type;
    if (filter.pattern) {
      const re = { $regex: filter.pattern, $options: 'i' };
      query.$or = [{ name: re }, { lore: re }, ...(filter.alsoIds?.length ? [{ _id: { $in: filter.alsoIds } }] : [])];
    }
    const docs = await this.m.items.find(query).sort({ name: 1, _id: 1 }).lean<ItemDoc[]>();
    return docs.map(toItem);
  }

  async get(itemId: number) {
    const d = await this.m.items.findById(itemId).lean<ItemDoc>();
    return d ? toItem(d) : undefined;
  }

  create(fields: ItemFields, seedKey?: string): Promise<ItemRecord> {
    return this.version.after(
      this.ids.insertWithId(
        'itemId',
        async (id) =>
          toItem((await this.m.items.create({ _id: id, ...fields, ...(seedKey ? { seedKey } : {}) })).toObject()),
        async (id) => Boolean(await this.m.items.exists({ _id: id })),
      ),
    );
  }

  async update(itemId: number, fields: Partial<ItemFields>) {
    const d = await this.version.after(
      this.m.items.findOneAndUpdate({ _id: itemId }, { $set: fields }, { new: true }).lean<ItemDoc>(),
    );
    return d ? toItem(d) : undefined;
  }

  async delete(itemId: number) {
    return (await this.version.after(this.m.items.deleteOne({ _id: itemId }))).deletedCount === 1;
  }
}

class MongoNodes implements NodeRepository {
  constructor(
    private readonly m: CatalogueModels,
    private readonly ids: IdAllocator,
    private readonly version: CatalogueToken,
  ) {}

  async ofOwner(kind: NodeOwnerKind, ownerId: number) {
    const docs = await this.m.nodes.find({ ownerKind: kind, ownerId }).sort({ _id: 1 }).lean<NodeDoc[]>();
    return docs.map(toNode);
  }

  async ownersMatching(kind: NodeOwnerKind, pattern: string) {
    const docs = await this.m.nodes
      .find({ ownerKind: kind, text: { $regex: pattern, $options: 'i' } }, { ownerId: 1 })
      .lean<Array<Pick<NodeDoc, 'ownerId'>>>();
    return [...new Set(docs.map((d) => d.ownerId))];
  }

  async get(nodeId: number) {
    const d = await this.m.nodes.findById(nodeId).lean<NodeDoc>();
    return d ? toNode(d) : undefined;
  }

  create(fields: NodeFields, seedKey?: string): Promise<NodeRecord> {
    return this.version.after(
      this.ids.insertWithId(
        'nodeId',
        async (id) =>
          toNode((await this.m.nodes.create({ _id: id, ...fields, ...(seedKey ? { seedKey } : {}) })).toObject()),
        async (id) => Boolean(await this.m.nodes.exists({ _id: id })),
      ),
    );
  }

  async update(nodeId: number, fields: Pick<NodeRecord, 'rawHtml' | 'text' | 'title' | 'active'>) {
    const d = await this.version.after(
      this.m.nodes.findOneAndUpdate({ _id: nodeId }, { $set: fields }, { new: true }).lean<NodeDoc>(),
    );
    return d ? toNode(d) : undefined;
  }

  async deleteWithChildren(nodeId: number) {
    await this.version.after(
      (async () => {
        await this.m.nodes.deleteOne({ _id: nodeId });
        await this.m.nodes.deleteMany({ parentNodeId: nodeId });
      })(),
    );
  }

  async deleteOfOwner(kind: NodeOwnerKind, ownerId: number) {
    await this.version.after(this.m.nodes.deleteMany({ ownerKind: kind, ownerId }));
  }
}

class MongoEncounters implements EncounterRepository {
  constructor(
    private readonly m: CatalogueModels,
    private readonly ids: IdAllocator,
  ) {}

  async list(includeInactive: boolean) {
    const docs = await this.m.encounters
      .find(includeInactive ? {} : { active: true })
      .sort({ _id: 1 })
      .lean<EncounterDoc[]>();
    return docs.map(toEncounter);
  }

  async get(encounterId: number) {
    const d = await this.m.encounters.findById(encounterId).lean<EncounterDoc>();
    return d ? toEncounter(d) : undefined;
  }

  create(fields: Omit<EncounterRecord, 'encounterId'>, seedKey?: string) {
    return this.ids.insertWithId(
      'encounterId',
      async (id) =>
        toEncounter(
          (await this.m.encounters.create({ _id: id, ...fields, ...(seedKey ? { seedKey } : {}) })).toObject(),
        ),
      async (id) => Boolean(await this.m.encounters.exists({ _id: id })),
    );
  }

  async update(encounterId: number, fields: Partial<Omit<EncounterRecord, 'encounterId'>>) {
    const d = await this.m.encounters
      .findOneAndUpdate({ _id: encounterId }, { $set: fields }, { new: true })
      .lean<EncounterDoc>();
    return d ? toEncounter(d) : undefined;
  }

  async delete(encounterId: number) {
    return (await this.m.encounters.deleteOne({ _id: encounterId })).deletedCount === 1;
  }
}

class MongoMonsters implements MonsterRepository {
  constructor(
    private readonly m: CatalogueModels,
    private readonly ids: IdAllocator,
  ) {}

  async list(filter: MonsterFilter) {
    const query: Record<string, unknown> = {};
    if (!filter.includeInactive) query.active = true;
    if (filter.encounterId !== undefined) query.encounterId = filter.encounterId;
    if (filter.topLevelOnly) query.parentMonsterId = null;
    if (filter.parentMonsterId !== undefined) query.parentMonsterId = filter.parentMonsterId;
    const docs = await this.m.monsters.find(query).sort({ _id: 1 }).lean<MonsterDoc[]>();
    return docs.map(toMonster);
  }

  async get(monsterId: number) {
    const d = await this.m.monsters.findById(monsterId).lean<MonsterDoc>();
    return d ? toMonster(d) : undefined;
  }

  countInEncounter(encounterId: number) {
    return this.m.monsters.countDocuments({ encounterId });
  }

  create(fields: MonsterFields, seedKey?: string) {
    return this.ids.insertWithId(
      'monsterId',
      async (id) =>
        toMonster((await this.m.monsters.create({ _id: id, ...fields, ...(seedKey ? { seedKey } : {}) })).toObject()),
      async (id) => Boolean(await this.m.monsters.exists({ _id: id })),
    );
  }

  async update(monsterId: number, fields: Partial<MonsterFields>) {
    const d = await this.m.monsters
      .findOneAndUpdate({ _id: monsterId }, { $set: fields }, { new: true })
      .lean<MonsterDoc>();
    return d ? toMonster(d) : undefined;
  }

  async delete(monsterId: number) {
    return (await this.m.monsters.deleteOne({ _id: monsterId })).deletedCount === 1;
  }
}

class MongoReference implements ReferenceRepository {
  constructor(private readonly m: CatalogueModels) {}

  async mutators(): Promise<Mutator[]> {
    const docs = await this.m.mutators.find().lean();
    return docs.map((d) => ({
      name: d.name,
      class: d.class as Mutator['class'],
      difficulty: d.difficulty as Mutator['difficulty'],
      modifiers: (d.modifiers ?? []).map((l) => ({ statDisplay: l.statDisplay })),
    }));
  }

  async statFilters(): Promise<StatFilter[]> {
    const docs = await this.m.statFilters.find().lean();
    return docs.map((d) => ({
      statTag: d._id,
      description: d.description,
      category: d.category as StatFilter['category'],
    }));
  }
}

export interface CatalogueStore extends CatalogueDeps {
  items: MongoItems;
  nodes: MongoNodes;
  encounters: MongoEncounters;
  monsters: MongoMonsters;
  version: CatalogueToken;
  models: CatalogueModels;
  /** Resolves once the indexes exist (the seed keys must be unique from the first write). */
  ready: Promise<void>;
}

/**
 * The catalogue over one connection; ids come from the platform's Redis sequences (see IdAllocator), its
 * version from a change token (`redisChangeToken(redis, database, 'catalogue')`).
 */
export function catalogueStore(conn: Connection, sequences: Sequences, token: ChangeToken): CatalogueStore {
  const models = catalogueModels(conn);
  const ids = new IdAllocator(conn, sequences);
  const ready = Promise.all(Object.values(models).map((m) => m.init())).then(() => undefined);
  const version = new CatalogueToken(token);
  return {
    items: new MongoItems(models, ids, version),
    nodes: new MongoNodes(models, ids, version),
    version,
    encounters: new MongoEncounters(models, ids),
    monsters: new MongoMonsters(models, ids),
    reference: new MongoReference(models),
    models,
    ready,
  };
}
