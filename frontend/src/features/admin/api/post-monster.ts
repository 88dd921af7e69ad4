import { apiClient } from '@/lib/api-client';
import type { Monster, MonsterSummary } from './admin-types';

/** POST /admin/monster: creates (monsterId 0; with parentMonsterId a minion) or updates a monster. */
export function postMonster(monster: MonsterSummary): Promise<Monster> {
  return apiClient.post<Monster>('/admin/monster', monster);
}
