import { apiClient } from '@/lib/api-client';
import type { KillTrackerRow } from './season-types';

/** GET /season/{id}/kill-tracker: what killed hardcore characters, most kills first. */
export async function getKillTracker(seasonId: number): Promise<KillTrackerRow[]> {
  return (await apiClient.get<KillTrackerRow[]>(`/season/${seasonId}/kill-tracker`)) ?? [];
}
