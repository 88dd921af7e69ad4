import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /trade/participant/{id}/ignore-participant-trade/{otherId}: block a player (both ways). */
export function postIgnoreParticipant(participantId: number, otherId: number, branch: Branch): Promise<unknown> {
  return apiClient.post(`/trade/participant/${participantId}/ignore-participant-trade/${otherId}`, undefined, {
    query: { branch },
  });
}
