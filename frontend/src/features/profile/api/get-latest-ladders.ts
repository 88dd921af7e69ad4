import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { ProfileSeason } from './profile-types';

/** GET /season/latest without challenges: the newest season's ladders on the branch. */
export function getLatestLadders(branch: Branch): Promise<ProfileSeason[]> {
  return apiClient.get<ProfileSeason[]>('/season/latest', { query: { includeChallenges: false, branch } });
}
