import { branchQuery, latestSeasonQuery, modNameParams, seasonIdParams } from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import { effectiveBranch, type SeasonContext } from '../domain/context';
import { latestSeasons, seasonById, seasonsByMod } from '../domain/seasons';

export function seasonsApi(ctx: SeasonContext, auth: Authenticator): Api {
  return new Api(auth)
    .route(
      {
        method: 'get',
        path: '/season/latest',
        summary: "The newest season's ladders on a branch (beta for testers and admins only)",
        tags: ['season'],
        auth: 'optional',
        query: latestSeasonQuery,
      },
      ({ query, user }) =>
        latestSeasons(ctx, effectiveBranch(query.branch, user), {
          challenges: query.includeChallenges,
          participants: query.includeParticipants,
        }),
    )
    .route(
      {
        method: 'get',
        path: '/season/mod',
        summary: 'The Season 7 ladders (mod GrimLeagueS07)',
        tags: ['season'],
        auth: 'optional',
        query: branchQuery,
      },
      ({ query, user }) => seasonsByMod(ctx, 'GrimLeagueS07', effectiveBranch(query.branch, user)),
    )
    .route(
      {
        method: 'get',
        path: '/season/mod/:modName',
        summary: 'The ladders of one mod (GrimLeagueS03–S07) with their challenges',
        tags: ['season'],
        auth: 'optional',
        params: modNameParams,
        query: branchQuery,
      },
      ({ params, query, user }) => seasonsByMod(ctx, params.modName, effectiveBranch(query.branch, user)),
    )
    .route(
      {
        method: 'get',
        path: '/season/:id',
        summary: 'One season with its challenges and categories',
        tags: ['season'],
        auth: 'optional',
        params: seasonIdParams,
      },
      ({ params, user }) => seasonById(ctx, params.id, user),
    );
}
