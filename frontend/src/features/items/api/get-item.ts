import type { CatalogueItem } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/item/{id}: the item with its nodes (lore, required stats, drops). */
export function getItem(itemId: number): Promise<CatalogueItem> {
  return apiClient.get<CatalogueItem>(`/season/item/${itemId}`);
}
