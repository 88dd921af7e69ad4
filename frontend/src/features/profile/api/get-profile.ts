import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { Profile } from './profile-types';

/** GET /season/profile?branch=: username, Patreon flag and the caller's participations on the branch. */
export function getProfile(branch: Branch): Promise<Profile> {
  return apiClient.get<Profile>('/season/profile', { query: { branch } });
}
