import { apiClient } from '@/lib/api-client';
import type { Monster } from './admin-types';

/** GET /season/monster/{id}?includeInactive=true: with every attack, passive and minion. */
export function getAdminMonster(monsterId: number): Promise<Monster> {
  return apiClient.get<Monster>(`/season/monster/${monsterId}`, { query: { includeInactive: true } });
}
