import { apiClient } from '@/lib/api-client';
import { readBranch } from '@/lib/branch';

/** The part of a season the About page needs. */
export interface SeasonSchedule {
  seasonId: number;
  displayName: string;
  seasonNumber: number;
  isBeta: boolean;
  startDate: string;
  endDate: string;
}

/** GET /season/latest: the newest season's ladders (they share one window). */
export function getLatestSeasonSchedules(): Promise<SeasonSchedule[]> {
  return apiClient.get<SeasonSchedule[]>('/season/latest', { query: { branch: readBranch() } });
}
