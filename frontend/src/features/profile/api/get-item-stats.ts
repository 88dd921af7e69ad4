import type { ItemStats } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * GET /season/stash-item/{id}/stats: a stash item's display and stat lines, for its tooltip (the season
 * service keeps GET /season/item/{id}/stats for catalogue items). Quiet: the tooltip then shows the
 * display it already has.
 */
export function getItemStats(participantItemId: number): Promise<ItemStats> {
  return apiClient.get<ItemStats>(`/season/stash-item/${participantItemId}/stats`, { showError: false });
}
