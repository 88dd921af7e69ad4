import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { MonsterSummary } from './admin-types';

/** One page of the monsters, paged and sorted by the server (sort: name, race, type, active). */
export function getAdminMonstersPage(encounterId: number | null, req: PageRequest): Promise<PagedRows<MonsterSummary>> {
  return apiClient.get<PagedRows<MonsterSummary>>('/season/monsters', {
    query: { includeInactive: true, encounterId: encounterId ?? undefined, ...pageQuery(req) },
  });
}
