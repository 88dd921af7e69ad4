import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { itemQueryParams } from './item-query';
import type { ItemQuery, TradeSearchPage } from './trade-types';

/** GET /trade/trade-search: other players' open listings in the participant's season. */
export function getTradeSearch(participantId: number, query: ItemQuery, branch: Branch): Promise<TradeSearchPage> {
  return apiClient.get<TradeSearchPage>('/trade/trade-search', {
    query: { seasonParticipantId: participantId, ...itemQueryParams(query), branch },
  });
}
