import { apiClient } from '@/lib/api-client';

/** DELETE /admin/season-challenge/{id}. */
export function deleteSeasonChallenge(seasonChallengeId: number): Promise<unknown> {
  return apiClient.delete(`/admin/season-challenge/${seasonChallengeId}`);
}
