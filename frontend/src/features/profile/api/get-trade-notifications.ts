import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeNotification } from './trade-types';

/** GET /trade/participant/{id}/trade-notifications. */
export function getTradeNotifications(participantId: number, branch: Branch): Promise<TradeNotification[]> {
  return apiClient.get<TradeNotification[]>(`/trade/participant/${participantId}/trade-notifications`, {
    query: { branch },
  });
}
