import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { itemQueryParams } from './item-query';
import type { ItemQuery, StashPage } from './trade-types';

export interface StashView {
  /** The transfer queue instead of the cloud stash. */
  transfer: boolean;
  /** Only what can be listed or offered (tradable, not reserved, not queued): the offer screen's stash. */
  forTrade?: boolean;
}

/** GET /season/participant/{id}/stash: a page of the cloud stash or of the transfer queue. */
export function getStash(participantId: number, query: ItemQuery, view: StashView, branch: Branch): Promise<StashPage> {
  return apiClient.get<StashPage>(`/season/participant/${participantId}/stash`, {
    query: { transfer: view.transfer, forTrade: view.forTrade || undefined, ...itemQueryParams(query), branch },
  });
}
