import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** DELETE /trade/participant/{id}/trade-listing/{listingId}: takes a listing down (its item is freed). */
export function deleteTradeListing(participantId: number, tradeListingId: number, branch: Branch): Promise<unknown> {
  return apiClient.delete(`/trade/participant/${participantId}/trade-listing/${tradeListingId}`, { query: { branch } });
}
