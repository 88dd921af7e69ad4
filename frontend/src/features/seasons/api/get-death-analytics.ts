import { apiClient } from '@/lib/api-client';
import type { DeathAnalytics } from './death-analytics-types';

/** GET /season/{id}/death-analytics: a hardcore season's deaths by killer, level band, difficulty and class. */
export function getDeathAnalytics(seasonId: number): Promise<DeathAnalytics> {
  return apiClient.get<DeathAnalytics>(`/season/${seasonId}/death-analytics?branch=prod`);
}
