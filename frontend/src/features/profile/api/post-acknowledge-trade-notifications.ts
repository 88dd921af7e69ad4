import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /trade/participant/{id}/acknowledge-trade-notifications: a list of notification ids. */
export function postAcknowledgeTradeNotifications(
  participantId: number,
  ids: number[],
  branch: Branch,
): Promise<unknown> {
  return apiClient.post(`/trade/participant/${participantId}/acknowledge-trade-notifications`, ids, {
    query: { branch },
  });
}
