import { apiClient } from '@/lib/api-client';
import type { AdminChallenge } from './admin-types';

export type SaveChallengeBody = Omit<AdminChallenge, 'categoryName'>;

/** POST /admin/season-challenge: creates (seasonChallengeId 0) or updates a challenge; answers the saved one. */
export function postSeasonChallenge(challenge: SaveChallengeBody): Promise<AdminChallenge> {
  return apiClient.post<AdminChallenge>('/admin/season-challenge', challenge);
}
