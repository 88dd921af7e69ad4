import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** POST /trade/participant/{id}/buyout: pays the asking price. A failure is only the screen's error state. */
export function postBuyout(participantId: number, tradeListingId: number, branch: Branch): Promise<unknown> {
  return apiClient.post(
    `/trade/participant/${participantId}/buyout`,
    { tradeListingId },
    {
      query: { branch },
      showError: false,
    },
  );
}
