import { branchQuery, seasonIdParams } from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import { deathAnalytics, deathAnalyticsSchema, type DeathAnalyticsContext } from '../domain/death-analytics';

/** The public death analytics of a hardcore season. */
export function deathAnalyticsApi(c: DeathAnalyticsContext, auth: Authenticator): Api {
  return new Api(auth).route(
    {
      method: 'get',
      path: '/season/:id/death-analytics',
      summary:
        'Hardcore deaths: killers ranked by deaths, deaths by level band and difficulty, the deadliest killer per class',
      tags: ['ladder'],
      auth: 'optional',
      params: seasonIdParams,
      query: branchQuery,
      response: deathAnalyticsSchema,
      errors: { 400: 'The season is a trade season (analytics are for hardcore seasons), or a bad id' },
    },
    ({ params, user, req }) => deathAnalytics(c, params.id, user, req.header('accept-language')),
  );
}
