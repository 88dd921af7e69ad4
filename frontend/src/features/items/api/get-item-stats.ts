import type { ItemStats } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/item/{id}/stats: the item display (names, rarity, style, level) and its stat lines. */
export function getItemStats(itemId: number): Promise<ItemStats> {
  return apiClient.get<ItemStats>(`/season/item/${itemId}/stats`);
}
