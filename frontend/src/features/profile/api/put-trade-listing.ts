import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeListing } from './trade-types';

export interface EditListingBody {
  tradeListingId: number;
  askingCurrency: string | null;
  askingPrice: number | null;
  sellerComment: string;
}

/** PUT /trade/participant/{id}/trade-listing: a new price or comment. The form shows its own failure. */
export function putTradeListing(participantId: number, body: EditListingBody, branch: Branch): Promise<TradeListing> {
  return apiClient.put<TradeListing>(`/trade/participant/${participantId}/trade-listing`, body, {
    query: { branch },
    showError: false,
  });
}
