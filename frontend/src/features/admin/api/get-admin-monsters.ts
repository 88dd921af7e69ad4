import { apiClient } from '@/lib/api-client';
import type { MonsterSummary } from './admin-types';

/** GET /season/monsters?includeInactive=true&encounterId=. */
export function getAdminMonsters(encounterId: number | null): Promise<MonsterSummary[]> {
  return apiClient.get<MonsterSummary[]>('/season/monsters', {
    query: { includeInactive: true, encounterId: encounterId ?? undefined },
  });
}
