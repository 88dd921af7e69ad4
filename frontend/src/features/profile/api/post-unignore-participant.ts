import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /trade/participant/{id}/unignore-participant-trade/{otherId}: unblock a player. */
export function postUnignoreParticipant(participantId: number, otherId: number, branch: Branch): Promise<unknown> {
  return apiClient.post(`/trade/participant/${participantId}/unignore-participant-trade/${otherId}`, undefined, {
    query: { branch },
  });
}
