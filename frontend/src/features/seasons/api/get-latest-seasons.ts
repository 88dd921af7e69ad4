import { apiClient } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import type { Season } from './season-types';

/** The branch the visitor looks at: the branch cookie, prod when it is empty. */
export function currentBranch(): string {
  return readCookie('branch') || 'prod';
}

/** GET /season/latest with challenges and participants, on the visitor's branch. */
export function getLatestSeasons(): Promise<Season[]> {
  return apiClient.get<Season[]>('/season/latest', {
    query: { includeChallenges: true, includeParticipants: true, branch: currentBranch() },
  });
}
