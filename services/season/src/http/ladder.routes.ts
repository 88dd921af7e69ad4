import {
  branchQuery,
  idParam,
  leaderboardSchema,
  participantChallengesQuery,
  seasonIdParams,
  setParticipantChallengesBody,
  standingSchema,
  z,
} from '@league/contracts';
import { Api, AppError, readsOwnWrites, type Authenticator } from '@league/platform';
import { effectiveBranch, type SeasonContext } from '../domain/context';
import type { LeaderboardCache } from '../domain/leaderboard';
import {
  joinSeason,
  killTracker,
  profile,
  progressDto,
  resolveParticipant,
  setParticipantChallenges,
  standing,
} from '../domain/participants';

const participantParams = z.object({ id: idParam });

export function ladderApi(ctx: SeasonContext, auth: Authenticator, leaderboard: LeaderboardCache): Api {
  return new Api(auth)
    .route(
      {
        method: 'post',
        path: '/season/add-participant/:id',
        summary: 'Join a season (a second call returns the same participant)',
        tags: ['ladder'],
        auth: 'required',
        params: seasonIdParams,
      },
      ({ params, user }) => joinSeason(ctx, params.id, user!),
    )
    .route(
      {
        method: 'post',
        path: '/season/:id/add-participant/:username',
        summary: "The older launcher's join (v1.4.0–1.4.1): the username must be the caller's own",
        tags: ['ladder'],
        auth: 'required',
        params: z.object({ id: idParam, username: z.string().min(1).max(64) }),
        query: branchQuery,
      },
      async ({ params, user }) => {
        if (params.username.trim().toLowerCase() !== user!.username.trim().toLowerCase()) {
          throw AppError.forbidden('You can only add yourself to a season');
        }
        const joined = await joinSeason(ctx, params.id, user!);
        return { ...joined, seasonParticipantId: joined.seasonParticipantId };
      },
    )
    .route(
      {
        method: 'get',
        path: '/season/profile',
        summary: "The caller's participations on a branch",
        tags: ['ladder'],
        auth: 'required',
        query: branchQuery,
      },
      ({ query, user }) => profile(ctx, user!, effectiveBranch(query.branch, user)),
    )
    .route(
      {
        method: 'get',
        path: '/season/:id/participant-challenges',
        summary: "A participant's recorded challenges (the caller's own unless ?participantId=)",
        tags: ['ladder'],
        auth: 'optional',
        params: seasonIdParams,
        query: participantChallengesQuery,
      },
      async ({ params, query, user }) =>
        progressDto(await resolveParticipant(ctx, params.id, query.participantId, user)),
    )
    .route(
      {
        method: 'get',
        path: '/season/:id/participant-challenges/:participantId',
        summary: "The launcher's read: ids of a participant's completed challenges",
        tags: ['ladder'],
        auth: 'optional',
        params: z.object({ id: idParam, participantId: idParam }),
      },
      async ({ params, user }) =>
        progressDto(await resolveParticipant(ctx, params.id, params.participantId, user)).map((c) => ({
          seasonChallengeId: c.seasonChallengeId,
        })),
    )
    .route(
      {
        method: 'post',
        path: '/season/:id/participant-challenges',
        summary: "An admin sets a participant's challenge quantities",
        tags: ['ladder', 'admin'],
        auth: { roles: ['admin'] },
        params: seasonIdParams,
        body: setParticipantChallengesBody,
      },
      ({ params, body }) =>
        setParticipantChallenges(ctx, params.id, body.seasonParticipantId, body.participantChallenges),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/standing',
        summary: "A participant's rank and point total (no login: the launcher reads it)",
        tags: ['ladder'],
        params: participantParams,
        response: standingSchema,
      },
      ({ params }) => standing(ctx, leaderboard, params.id),
    )
    .route(
      {
        method: 'get',
        path: '/season/:id/leaderboard',
        summary: 'The ladder in rank order',
        tags: ['ladder'],
        auth: 'optional',
        params: seasonIdParams,
        response: leaderboardSchema,
      },
      async ({ params, user, req, res }) => {
        const ladder = await leaderboard.body(params.id, user, readsOwnWrites(res));
        res.status(200).type('application/json').setHeader('ETag', ladder.etag);
        res.setHeader('Vary', 'Accept-Encoding');
        if (req.acceptsEncodings('gzip') === 'gzip') {
          res.setHeader('Content-Encoding', 'gzip');
          res.send(ladder.gzipped);
        } else res.send(ladder.body);
      },
    )
    .route(
      {
        method: 'get',
        path: '/season/:id/kill-tracker',
        summary: 'What killed hardcore characters, most kills first',
        tags: ['ladder'],
        auth: 'optional',
        params: seasonIdParams,
      },
      ({ params, user, req }) => killTracker(ctx, params.id, user, req.header('accept-language')),
    );
}
