import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeOffer } from './trade-types';

/** GET /trade/participant/{id}/trade-offers/incoming: offers on the participant's listings. */
export function getIncomingTradeOffers(participantId: number, branch: Branch): Promise<TradeOffer[]> {
  return apiClient.get<TradeOffer[]>(`/trade/participant/${participantId}/trade-offers/incoming`, {
    query: { branch },
  });
}
