import { apiClient } from '@/lib/api-client';
import type { AdminChallenge } from './admin-types';

/** GET /admin/season/{id}/challenges: the season's challenges in display order. */
export function getSeasonChallenges(seasonId: number): Promise<AdminChallenge[]> {
  return apiClient.get<AdminChallenge[]>(`/admin/season/${seasonId}/challenges`);
}
