import {
  NEW_ITEM_DEFAULTS,
  sortAndPage,
  type CatalogueItem,
  type ItemSort,
  type ItemStats,
  type PageQuery,
  type Paged,
  type SaveItemBody,
} from '@league/contracts';
import { AppError } from '@league/platform';
import { itemStats } from './item-display';
import { itemNodeTree } from './node-tree';
import type { CatalogueDeps, ItemFields, ItemRecord } from './ports';
import { searchPattern, seesInactive, type Viewer } from './rules';

export interface ItemQuery {
  includeInactive?: boolean;
  searchTerm?: string;
  type?: string;
}

/**
 * The admin table's view of the item list: sorted by a column and, when `page` or `pageSize` is given, one
 * page as `{ items, itemCount }` (the plain array otherwise). The list is filtered in the store, then
 * ordered and cut here, since search also joins in items that match through their nodes' text.
 */
export async function listItemsPaged(
  deps: CatalogueDeps,
  viewer: Viewer,
  query: ItemQuery & PageQuery<ItemSort>,
): Promise<ItemRecord[] | Paged<ItemRecord>> {
  const items = await listItems(deps, viewer, query);
  return sortAndPage(items, query, (item, sort) => item[sort], { sort: 'name', dir: 'asc' });
}

/** The item list: search is case-insensitive over name, lore and node text; the type must match exactly. */
export async function listItems(deps: CatalogueDeps, viewer: Viewer, query: ItemQuery): Promise<ItemRecord[]> {
  const pattern = searchPattern(query.searchTerm);
  const alsoIds = pattern ? await deps.nodes.ownersMatching('item', pattern) : undefined;
  return deps.items.list({
    includeInactive: seesInactive(viewer, query.includeInactive),
    type: query.type,
    pattern,
    alsoIds,
  });
}

/**
 * An inactive item is unrevealed: the public gets 404, as for an item that does not exist. Admins see it
 * (their edit screen loads it through this call, which takes no includeInactive flag).
 */
async function visibleItem(deps: CatalogueDeps, viewer: Viewer, itemId: number): Promise<ItemRecord> {
  const item = await deps.items.get(itemId);
  if (!item || (!item.active && !viewer.isAdmin)) throw AppError.notFound(`Item ${itemId} does not exist`);
  return item;
}

export async function getItem(deps: CatalogueDeps, viewer: Viewer, itemId: number): Promise<CatalogueItem> {
  const item = await visibleItem(deps, viewer, itemId);
  return { ...item, nodes: itemNodeTree(await deps.nodes.ofOwner('item', itemId)) };
}

export async function getItemStats(deps: CatalogueDeps, viewer: Viewer, itemId: number): Promise<ItemStats> {
  const item = await visibleItem(deps, viewer, itemId);
  return itemStats(item, await deps.nodes.ofOwner('item', itemId));
}

const ADMIN: Viewer = { isAdmin: true };

/** Creates (itemId 0 or absent) or updates an item; absent fields keep their value (or the new-item default). */
export async function saveItem(deps: CatalogueDeps, body: SaveItemBody): Promise<CatalogueItem> {
  const { itemId, ...fields } = body;
  if (!itemId) {
    const created = await deps.items.create({
      name: fields.name ?? NEW_ITEM_DEFAULTS.name,
      active: fields.active ?? NEW_ITEM_DEFAULTS.active,
      lore: fields.lore ?? '',
      rarity: fields.rarity ?? '',
      type: fields.type ?? '',
      requiredPhysique: fields.requiredPhysique ?? 0,
      requiredCunning: fields.requiredCunning ?? 0,
      requiredSpirit: fields.requiredSpirit ?? 0,
      requiredPlayerLevel: fields.requiredPlayerLevel ?? NEW_ITEM_DEFAULTS.requiredPlayerLevel,
      itemLevel: fields.itemLevel ?? 0,
      dropsFrom: fields.dropsFrom ?? '',
    });
    return { ...created, nodes: [] };
  }
  const changes: Partial<ItemFields> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const updated = await deps.items.update(itemId, changes);
  if (!updated) throw AppError.notFound(`Item ${itemId} does not exist`);
  return getItem(deps, ADMIN, itemId);
}

/** Deletes the item first, then its nodes: a crash in between leaves only unreachable nodes, never a half item. */
export async function deleteItem(deps: CatalogueDeps, itemId: number): Promise<void> {
  if (!(await deps.items.delete(itemId))) throw AppError.notFound(`Item ${itemId} does not exist`);
  await deps.nodes.deleteOfOwner('item', itemId);
}
