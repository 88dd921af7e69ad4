import { apiClient } from '@/lib/api-client';
import type { SeasonParticipant } from './profile-types';

/** POST /season/add-participant/{seasonId}: joins the caller to a ladder (a second call answers the same). */
export function postAddParticipant(seasonId: number): Promise<SeasonParticipant> {
  return apiClient.post<SeasonParticipant>(`/season/add-participant/${seasonId}`);
}
