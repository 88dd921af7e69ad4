import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { itemQueryParams } from './item-query';
import type { ItemQuery, StashPage } from './trade-types';

/** GET /season/participant/{id}/stash: a page of the cloud stash (transfer=true: the transfer queue). */
export function getStash(
  participantId: number,
  query: ItemQuery,
  transfer: boolean,
  branch: Branch,
): Promise<StashPage> {
  return apiClient.get<StashPage>(`/season/participant/${participantId}/stash`, {
    query: { transfer, includeCurrencies: false, duplicates: true, ...itemQueryParams(query), branch },
  });
}
