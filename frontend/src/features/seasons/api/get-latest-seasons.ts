import { apiClient } from '@/lib/api-client';
import { readBranch } from '@/lib/branch';
import type { Season } from './season-types';

/** GET /season/latest with challenges and participants, on the visitor's branch. */
export function getLatestSeasons(): Promise<Season[]> {
  return apiClient.get<Season[]>('/season/latest', {
    query: { includeChallenges: true, includeParticipants: true, branch: readBranch() },
  });
}
