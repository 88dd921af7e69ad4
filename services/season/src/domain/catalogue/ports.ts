import type { CatalogueItemSummary, Encounter, MonsterSummary, Mutator, StatFilter } from '@league/contracts';

export type ItemRecord = CatalogueItemSummary;
export type ItemFields = Omit<ItemRecord, 'itemId'>;
export type EncounterRecord = Encounter;
export type MonsterRecord = MonsterSummary;
export type MonsterFields = Omit<MonsterRecord, 'monsterId'>;

export type NodeOwnerKind = 'item' | 'monster';

export interface NodeRecord {
  nodeId: number;
  ownerKind: NodeOwnerKind;
  ownerId: number;
  parentNodeId: number | null;
  nodeTypeId: number;
  /** Sanitised HTML as saved. */
  rawHtml: string;
  /** The node's visible text (tags stripped, one line per line): what search matches. */
  text: string;
  /** Monster nodes only (attack or passive name, and whether it is shown). */
  title: string;
  active: boolean;
}
export type NodeFields = Omit<NodeRecord, 'nodeId'>;

export interface ItemFilter {
  includeInactive: boolean;
  type?: string;
  /** A regular expression source (already escaped) matched case-insensitively. */
  pattern?: string;
  /** Items that match through their nodes' text. */
  alsoIds?: number[];
}

export interface ItemRepository {
  list(filter: ItemFilter): Promise<ItemRecord[]>;
  get(itemId: number): Promise<ItemRecord | undefined>;
  create(fields: ItemFields): Promise<ItemRecord>;
  update(itemId: number, fields: Partial<ItemFields>): Promise<ItemRecord | undefined>;
  delete(itemId: number): Promise<boolean>;
}

export interface NodeRepository {
  ofOwner(kind: NodeOwnerKind, ownerId: number): Promise<NodeRecord[]>;
  /** Owners of the given kind with a node whose text matches the pattern (case-insensitive). */
  ownersMatching(kind: NodeOwnerKind, pattern: string): Promise<number[]>;
  get(nodeId: number): Promise<NodeRecord | undefined>;
  create(fields: NodeFields): Promise<NodeRecord>;
  update(
    nodeId: number,
    fields: Pick<NodeRecord, 'rawHtml' | 'text' | 'title' | 'active'>,
  ): Promise<NodeRecord | undefined>;
  /** Deletes the node, then its children (children of a missing parent are never shown). */
  deleteWithChildren(nodeId: number): Promise<void>;
  deleteOfOwner(kind: NodeOwnerKind, ownerId: number): Promise<void>;
}

export interface EncounterRepository {
  list(includeInactive: boolean): Promise<EncounterRecord[]>;
  get(encounterId: number): Promise<EncounterRecord | undefined>;
  create(fields: Omit<EncounterRecord, 'encounterId'>): Promise<EncounterRecord>;
  update(
    encounterId: number,
    fields: Partial<Omit<EncounterRecord, 'encounterId'>>,
  ): Promise<EncounterRecord | undefined>;
  delete(encounterId: number): Promise<boolean>;
}

export interface MonsterFilter {
  includeInactive: boolean;
  encounterId?: number;
  /** Only monsters that are not minions (parentMonsterId null). */
  topLevelOnly?: boolean;
  parentMonsterId?: number;
}

export interface MonsterRepository {
  list(filter: MonsterFilter): Promise<MonsterRecord[]>;
  get(monsterId: number): Promise<MonsterRecord | undefined>;
  countInEncounter(encounterId: number): Promise<number>;
  create(fields: MonsterFields): Promise<MonsterRecord>;
  update(monsterId: number, fields: Partial<MonsterFields>): Promise<MonsterRecord | undefined>;
  delete(monsterId: number): Promise<boolean>;
}

export interface ReferenceRepository {
  mutators(): Promise<Mutator[]>;
  statFilters(): Promise<StatFilter[]>;
}

/** A token that changes after every write of an item or a node, by any instance or the seed. */
export interface CatalogueVersion {
  current(): Promise<string>;
}

export interface CatalogueDeps {
  items: ItemRepository;
  nodes: NodeRepository;
  encounters: EncounterRepository;
  monsters: MonsterRepository;
  reference: ReferenceRepository;
}
