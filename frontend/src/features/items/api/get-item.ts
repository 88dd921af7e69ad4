import type { CatalogueItem } from '@league/contracts';
import { apiClient, prefetch } from '@/lib/api-client';

const itemPath = (itemId: number) => `/season/item/${itemId}`;

/** GET /season/item/{id}: the item with its nodes (lore, required stats, drops). */
export function getItem(itemId: number): Promise<CatalogueItem> {
  return apiClient.get<CatalogueItem>(itemPath(itemId));
}

/** Asks for GET /season/item/{id} before the page that shows it has loaded (src/early.ts). */
export function prefetchItem(itemId: number): void {
  prefetch(itemPath(itemId));
}
