import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeCurrency } from './trade-types';

/** GET /season/participant/{id}/trade-currencies: the participant's balance of each currency. */
export function getTradeCurrencies(participantId: number, branch: Branch): Promise<TradeCurrency[]> {
  return apiClient.get<TradeCurrency[]>(`/season/participant/${participantId}/trade-currencies`, { query: { branch } });
}
