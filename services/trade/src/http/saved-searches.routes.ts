import {
  savedSearchBody,
  savedSearchParams,
  savedSearchPatchBody,
  savedSearchSchema,
  tradeBranchQuery,
  tradeParticipantParams,
  z,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import type { SavedSearchService } from '../domain/saved-searches';

const P = '/trade/participant/:id/saved-searches';
const tags = ['trade'];
const auth = 'required' as const;

/** Saved searches that keep watching: the owner's list, create, pause/resume, mark run, delete. */
export function savedSearchApi(svc: SavedSearchService, authn: Authenticator): Api {
  const api = new Api(authn);
  api
    .route(
      {
        method: 'get',
        path: P,
        summary: 'My saved trade searches, with the count of new matches since each was last run',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(savedSearchSchema),
      },
      ({ user, params }) => svc.list(user, params.id),
    )
    .route(
      {
        method: 'post',
        path: P,
        summary: 'Save a trade search (at most 20); it keeps watching new listings',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: savedSearchBody,
        response: savedSearchSchema,
        errors: { 409: 'Already 20 saved searches' },
      },
      ({ user, params, body }) => svc.create(user, params.id, body),
    )
    .route(
      {
        method: 'patch',
        path: `${P}/:searchId`,
        summary: 'Pause or resume a saved search',
        tags,
        auth,
        params: savedSearchParams,
        query: tradeBranchQuery,
        body: savedSearchPatchBody,
        response: savedSearchSchema,
      },
      ({ user, params, body }) => svc.setPaused(user, params.id, params.searchId, body.paused),
    )
    .route(
      {
        method: 'post',
        path: `${P}/:searchId/run`,
        summary: 'Mark a saved search as run (its new-match count starts again)',
        tags,
        auth,
        params: savedSearchParams,
        query: tradeBranchQuery,
        response: savedSearchSchema,
      },
      ({ user, params }) => svc.markRun(user, params.id, params.searchId),
    )
    .route(
      {
        method: 'delete',
        path: `${P}/:searchId`,
        summary: 'Delete a saved search',
        tags,
        auth,
        params: savedSearchParams,
        query: tradeBranchQuery,
      },
      ({ user, params }) => svc.remove(user, params.id, params.searchId),
    );
  return api;
}
