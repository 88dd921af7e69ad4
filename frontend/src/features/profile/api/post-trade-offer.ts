import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeOffer } from './trade-types';

export interface TradeOfferBody {
  tradeListingId: number;
  comment: string;
  tradeOfferItems: Array<{ participantItemId: number; count: number }>;
}

/** POST /trade/participant/{id}/trade-offer. A failure is only the screen's error state (spec §8). */
export function postTradeOffer(participantId: number, body: TradeOfferBody, branch: Branch): Promise<TradeOffer> {
  return apiClient.post<TradeOffer>(`/trade/participant/${participantId}/trade-offer`, body, {
    query: { branch },
    showError: false,
  });
}
