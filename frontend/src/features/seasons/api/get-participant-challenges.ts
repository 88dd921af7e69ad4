import { apiClient } from '@/lib/api-client';
import type { ParticipantChallenge } from './season-types';

/** GET /season/{id}/participant-challenges?participantId=: the participant's completed challenges. */
export async function getParticipantChallenges(
  seasonId: number,
  participantId: number,
): Promise<ParticipantChallenge[]> {
  return (
    (await apiClient.get<ParticipantChallenge[]>(`/season/${seasonId}/participant-challenges`, {
      query: { participantId },
    })) ?? []
  );
}
