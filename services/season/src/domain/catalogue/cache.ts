import type {
  CatalogueDeps,
  CatalogueVersion,
  ItemFilter,
  ItemRecord,
  ItemRepository,
  NodeOwnerKind,
  NodeRecord,
  NodeRepository,
} from './ports';
import { PromiseMemo } from '../memo';

/** Entries kept per version at most (item lists per filter, items, node lists per owner); then it starts over. */
const MAX_ENTRIES = 2_000;

/**
 * The catalogue's hot public reads — the item list without a search pattern, one item, an owner's nodes —
 * cached in this process under the catalogue's version token. Each read first reads the token (a Redis
 * GET, the platform's `redisChangeToken`) and drops everything cached under another one, so it never returns data older than a
 * write that finished before it started, on this instance or any other: every item and node write
 * replaces the token after writing (data/catalogue/repositories.ts). Concurrent reads share one token read
 * and one load (a read that joins a token read
 * already on its way may miss a write that finished a few milliseconds before it arrived, on another
 * instance; after a write through this instance the next read here always reads the token afresh).
 */
export function cachedCatalogue(deps: CatalogueDeps, version: CatalogueVersion): CatalogueDeps {
  let token: string | undefined;
  let entries = new PromiseMemo<string, unknown>(MAX_ENTRIES);
  let reading: Promise<string> | undefined;

  const currentToken = () => {
    reading ??= version.current().finally(() => (reading = undefined));
    return reading;
  };

  /** After a write through this instance: the next read here reads the token afresh (never joins an older read). */
  async function wrote<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      token = undefined;
      reading = undefined;
      entries = new PromiseMemo(MAX_ENTRIES);
    }
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = await currentToken();
    if (now !== token) {
      token = now;
      entries = new PromiseMemo(MAX_ENTRIES);
    }
    return entries.get(key, load);
  }

  const items: ItemRepository = {
    list: async (filter: ItemFilter) =>
      // A search pattern is a visitor's free text: read it, do not keep it.
      filter.pattern !== undefined || filter.alsoIds !== undefined
        ? deps.items.list(filter)
        : [
            ...(await cached<ItemRecord[]>(`list:${filter.includeInactive}:${filter.type ?? ''}`, () =>
              deps.items.list(filter),
            )),
          ],
    get: async (itemId: number) => {
      const item = await cached(`item:${itemId}`, () => deps.items.get(itemId));
      return item && { ...item };
    },
    create: (fields) => wrote(deps.items.create(fields)),
    update: (itemId, fields) => wrote(deps.items.update(itemId, fields)),
    delete: (itemId) => wrote(deps.items.delete(itemId)),
  };

  const nodes: NodeRepository = {
    ofOwner: async (kind: NodeOwnerKind, ownerId: number) => [
      ...(await cached<NodeRecord[]>(`nodes:${kind}:${ownerId}`, () => deps.nodes.ofOwner(kind, ownerId))),
    ],
    ownersMatching: (kind, pattern) => deps.nodes.ownersMatching(kind, pattern),
    get: (nodeId) => deps.nodes.get(nodeId),
    create: (fields) => wrote(deps.nodes.create(fields)),
    update: (nodeId, fields) => wrote(deps.nodes.update(nodeId, fields)),
    deleteWithChildren: (nodeId) => wrote(deps.nodes.deleteWithChildren(nodeId)),
    deleteOfOwner: (kind, ownerId) => wrote(deps.nodes.deleteOfOwner(kind, ownerId)),
  };

  return { ...deps, items, nodes };
}
