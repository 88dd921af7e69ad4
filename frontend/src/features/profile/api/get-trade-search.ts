import { apiClient, earlyAnswer, prefetch } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { itemQueryParams } from './item-query';
import type { ItemQuery, TradeSearchPage } from './trade-types';

const tradeSearchRequest = (participantId: number, query: ItemQuery, branch: Branch) =>
  ['/trade/trade-search', { seasonParticipantId: participantId, ...itemQueryParams(query), branch }] as const;

/** GET /trade/trade-search: other players' open listings in the participant's season. */
export function getTradeSearch(participantId: number, query: ItemQuery, branch: Branch): Promise<TradeSearchPage> {
  const [path, params] = tradeSearchRequest(participantId, query, branch);
  return apiClient.get<TradeSearchPage>(path, { query: params });
}

/** Asks for a page of the trade search before the screen that shows it has loaded (src/early.ts). */
export function prefetchTradeSearch(participantId: number, query: ItemQuery, branch: Branch): void {
  prefetch(...tradeSearchRequest(participantId, query, branch));
}

/** A page of the trade search asked for early (prefetchTradeSearch) that has answered already. */
export function answeredTradeSearch(
  participantId: number,
  query: ItemQuery,
  branch: Branch,
): TradeSearchPage | undefined {
  return earlyAnswer<TradeSearchPage>(...tradeSearchRequest(participantId, query, branch));
}
