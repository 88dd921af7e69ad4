import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { CatalogueItemSummary } from './admin-types';

/** One page of the admin item list, paged and sorted by the server (sort: name, rarity, type, active, …). */
export function getAdminItemsPage(
  type: string,
  searchTerm: string,
  req: PageRequest,
): Promise<PagedRows<CatalogueItemSummary>> {
  return apiClient.get<PagedRows<CatalogueItemSummary>>('/season/items', {
    query: {
      includeInactive: true,
      type: type || undefined,
      searchTerm: searchTerm || undefined,
      ...pageQuery(req),
    },
  });
}
