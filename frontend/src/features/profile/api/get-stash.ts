import { apiClient, earlyAnswer, prefetch } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import { itemQueryParams } from './item-query';
import type { ItemQuery, StashPage } from './trade-types';

export interface StashView {
  /** The transfer queue instead of the cloud stash. */
  transfer: boolean;
  /** Only what can be listed or offered (tradable, not reserved, not queued): the offer screen's stash. */
  forTrade?: boolean;
}

const stashRequest = (participantId: number, query: ItemQuery, view: StashView, branch: Branch) =>
  [
    `/season/participant/${participantId}/stash`,
    { transfer: view.transfer, forTrade: view.forTrade || undefined, ...itemQueryParams(query), branch },
  ] as const;

/** GET /season/participant/{id}/stash: a page of the cloud stash or of the transfer queue. */
export function getStash(participantId: number, query: ItemQuery, view: StashView, branch: Branch): Promise<StashPage> {
  const [path, params] = stashRequest(participantId, query, view, branch);
  return apiClient.get<StashPage>(path, { query: params });
}

/** Asks for a page of the stash before the screen that shows it has loaded (src/early.ts). */
export function prefetchStash(participantId: number, query: ItemQuery, view: StashView, branch: Branch): void {
  prefetch(...stashRequest(participantId, query, view, branch));
}

/** A page of the stash asked for early (prefetchStash) that has answered already; undefined otherwise. */
export function answeredStash(
  participantId: number,
  query: ItemQuery,
  view: StashView,
  branch: Branch,
): StashPage | undefined {
  return earlyAnswer<StashPage>(...stashRequest(participantId, query, view, branch));
}
