import { apiClient } from '@/lib/api-client';
import type { CatalogueItem } from './admin-types';

/** GET /season/item/{id}: the item with its nodes (an admin's token also sees an inactive one). */
export function getAdminItem(itemId: number): Promise<CatalogueItem> {
  return apiClient.get<CatalogueItem>(`/season/item/${itemId}`);
}
