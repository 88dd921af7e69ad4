import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { BlockedPlayer } from './trade-types';

/** GET /trade/participant/{id}/ignored: the players this participant has blocked. */
export function getIgnored(participantId: number, branch: Branch): Promise<BlockedPlayer[]> {
  return apiClient.get<BlockedPlayer[]>(`/trade/participant/${participantId}/ignored`, { query: { branch } });
}
