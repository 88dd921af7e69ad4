import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeListing } from './trade-types';

export interface ListTradeBody {
  participantItemId: number;
  count: number;
  askingCurrency: string | null;
  askingPrice: number | null;
  sellerComment: string;
}

/** POST /trade/participant/{id}/list-trade. The form shows its own failure ('Error: ' + message). */
export function postListTrade(participantId: number, body: ListTradeBody, branch: Branch): Promise<TradeListing> {
  return apiClient.post<TradeListing>(`/trade/participant/${participantId}/list-trade`, body, {
    query: { branch },
    showError: false,
  });
}
