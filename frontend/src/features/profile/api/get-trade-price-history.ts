import type { TradePriceHistory } from '@league/contracts';
import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

export type { TradePriceHistory };

/**
 * GET /trade/price-history by stash item: the median, volume and last prices of the item's base record over
 * the season. The screens show their own state for a failure (a side panel must not raise the Error modal).
 */
export function getTradePriceHistory(
  participantItemId: number,
  branch: Branch,
  signal?: AbortSignal,
): Promise<TradePriceHistory> {
  return apiClient.get<TradePriceHistory>('/trade/price-history', {
    query: { participantItemId, branch },
    signal,
    showError: false,
  });
}
