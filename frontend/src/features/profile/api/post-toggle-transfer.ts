import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /season/participant/{id}/toggle-transfer/{itemId}: queue (part of) a stack for the game, or put it back. */
export function postToggleTransfer(
  participantId: number,
  participantItemId: number,
  withdrawAmount: number,
  branch: Branch,
): Promise<unknown> {
  return apiClient.post(`/season/participant/${participantId}/toggle-transfer/${participantItemId}`, undefined, {
    query: { branch, withdrawAmount },
  });
}
