import type { CatalogueItemSummary } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

export interface ItemsQuery {
  /** Exact catalogue type; '' for all. */
  type: string;
  /** Case-insensitive over name, lore and node text; '' for none. */
  searchTerm: string;
}

/** GET /season/items with the filter and search the visitor applied. */
export function getItems({ type, searchTerm }: ItemsQuery): Promise<CatalogueItemSummary[]> {
  return apiClient.get<CatalogueItemSummary[]>('/season/items', {
    query: { type: type || undefined, searchTerm: searchTerm.trim() || undefined },
  });
}
