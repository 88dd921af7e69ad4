import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { TradeListing } from './trade-types';

/** GET /trade/participant/{id}/trade-listings: the participant's own open listings. */
export function getTradeListings(participantId: number, branch: Branch): Promise<TradeListing[]> {
  return apiClient.get<TradeListing[]>(`/trade/participant/${participantId}/trade-listings`, { query: { branch } });
}
