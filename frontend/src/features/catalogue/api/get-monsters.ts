import type { MonsterSummary } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/monsters?encounterId=: an encounter's monsters (minions excluded). */
export function getMonsters(encounterId: number): Promise<MonsterSummary[]> {
  return apiClient.get<MonsterSummary[]>('/season/monsters', { query: { encounterId } });
}
