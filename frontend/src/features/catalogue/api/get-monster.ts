import type { Monster } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/monster/{id}: the monster with its attacks, passives and minions. */
export function getMonster(monsterId: number): Promise<Monster> {
  return apiClient.get<Monster>(`/season/monster/${monsterId}`);
}
