import { apiClient } from '@/lib/api-client';
import type { CatalogueItemSummary } from './admin-types';

/** GET /season/items?includeInactive=true&type=&searchTerm=: every item, inactive ones too. */
export function getAdminItems(type: string, searchTerm: string): Promise<CatalogueItemSummary[]> {
  return apiClient.get<CatalogueItemSummary[]>('/season/items', {
    query: { includeInactive: true, type: type || undefined, searchTerm: searchTerm || undefined },
  });
}
