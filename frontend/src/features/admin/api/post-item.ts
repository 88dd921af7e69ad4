import { apiClient } from '@/lib/api-client';
import type { CatalogueItem, CatalogueItemSummary } from './admin-types';

/** POST /admin/item: creates (itemId 0) or updates an item; answers it with its nodes. */
export function postItem(item: CatalogueItemSummary): Promise<CatalogueItem> {
  return apiClient.post<CatalogueItem>('/admin/item', item);
}
