import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** DELETE /trade/participant/{id}/trade-offer/{offerId}: the offerer withdraws an offer. */
export function deleteTradeOffer(participantId: number, tradeOfferId: number, branch: Branch): Promise<unknown> {
  return apiClient.delete(`/trade/participant/${participantId}/trade-offer/${tradeOfferId}`, { query: { branch } });
}
