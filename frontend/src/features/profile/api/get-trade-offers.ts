import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeOffer } from './trade-types';

/** GET /trade/participant/{id}/trade-offers: the offers the participant has made. */
export function getTradeOffers(participantId: number, branch: Branch): Promise<TradeOffer[]> {
  return apiClient.get<TradeOffer[]>(`/trade/participant/${participantId}/trade-offers`, { query: { branch } });
}
