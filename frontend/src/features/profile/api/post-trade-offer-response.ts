import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /trade/participant/{id}/trade-offer/{offerId}/response?accepted=: the listing owner's answer. */
export function postTradeOfferResponse(
  participantId: number,
  tradeOfferId: number,
  accepted: boolean,
  branch: Branch,
): Promise<unknown> {
  return apiClient.post(`/trade/participant/${participantId}/trade-offer/${tradeOfferId}/response`, undefined, {
    query: { accepted, branch },
  });
}
