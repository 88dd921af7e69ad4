import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { SuspectedDuplicate } from './admin-types';

/** Which reviews the Suspected Duplicates screen lists. */
export type DuplicateFilter = 'held' | 'released' | 'removed' | 'all';

/** One page of the held copies (GET /admin/duplicates), paged and sorted by the server (heldAt, itemName, holder, state). */
export function getDuplicatesPage(
  state: DuplicateFilter,
  seasonId: number | null,
  req: PageRequest,
): Promise<PagedRows<SuspectedDuplicate>> {
  return apiClient.get<PagedRows<SuspectedDuplicate>>('/admin/duplicates', {
    query: { state, seasonId: seasonId ?? undefined, ...pageQuery(req) },
  });
}
