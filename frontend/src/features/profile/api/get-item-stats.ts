import type { ItemStats } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/item/{id}/stats: a stash item's display and stat lines, for its tooltip (quiet on failure). */
export function getItemStats(itemId: number): Promise<ItemStats> {
  return apiClient.get<ItemStats>(`/season/item/${itemId}/stats`, { showError: false });
}
