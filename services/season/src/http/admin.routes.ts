import { displayOrderBody, idParam, saveSeasonChallengeBody, seasonIdParams, z } from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import {
  adminSeasonChallenges,
  deleteChallenge,
  getChallenge,
  listCategories,
  saveChallenge,
  setDisplayOrder,
} from '../domain/challenges-admin';
import type { SeasonContext } from '../domain/context';

const admin = { roles: ['admin'] };
const idParams = z.object({ id: idParam });

export function adminApi(ctx: SeasonContext, auth: Authenticator): Api {
  return new Api(auth)
    .route(
      {
        method: 'get',
        path: '/admin/time',
        // Only the clock: the public About page counts down against it, so anyone may ask.
        summary: 'Server time (UTC), public',
        tags: ['admin'],
        auth: 'none',
      },
      () => ({ utc: ctx.now().toISOString() }),
    )
    .route(
      {
        method: 'get',
        path: '/admin/challenge-categories',
        summary: 'Challenge categories',
        tags: ['admin'],
        auth: admin,
      },
      () => listCategories(ctx),
    )
    .route(
      {
        method: 'get',
        path: '/admin/season/:id/challenges',
        // The game launcher reads this list with a player's token (LAUNCHER-API.md), so it needs a login, not admin.
        summary:
          "A season's challenges in display order (any logged-in user: the launcher reads it; a beta season's for testers and admins)",
        tags: ['admin'],
        auth: 'required',
        params: seasonIdParams,
      },
      ({ params, user }) => adminSeasonChallenges(ctx, params.id, user),
    )
    .route(
      {
        method: 'get',
        path: '/admin/season-challenge/:id',
        summary: 'One season challenge',
        tags: ['admin'],
        auth: admin,
        params: idParams,
      },
      ({ params }) => getChallenge(ctx, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/admin/season-challenge',
        summary: 'Create (seasonChallengeId 0) or update a season challenge',
        tags: ['admin'],
        auth: admin,
        body: saveSeasonChallengeBody,
      },
      ({ body }) => saveChallenge(ctx, body),
    )
    .route(
      {
        method: 'post',
        path: '/admin/season-challenges/display-order',
        summary: 'Set display positions (1-based) after a drag',
        tags: ['admin'],
        auth: admin,
        body: displayOrderBody,
      },
      ({ body }) => setDisplayOrder(ctx, body),
    )
    .route(
      {
        method: 'delete',
        path: '/admin/season-challenge/:id',
        summary: 'Delete a season challenge',
        tags: ['admin'],
        auth: admin,
        params: idParams,
      },
      ({ params }) => deleteChallenge(ctx, params.id),
    );
}
