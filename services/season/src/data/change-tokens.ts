import { redisChangeToken, type ChangeToken } from '@league/platform';
import type Redis from 'ioredis';

/**
 * The tokens of one season or one participant, for caches whose writers are frequent:
 * - `ladder`: a season's standings changed (every projection);
 * - `view`: a season's challenges or participants changed (every join, an admin's challenge edit);
 * - `stash`: a participant's stash items changed (every upload, reservation, settlement step).
 * Replacing one is a Redis SET: no write of the season document, no season-wide lock, no database write per
 * change, and the season directory of every instance stays as it is. A season cache keys what it holds by the
 * season document's stored version (bumped by the rare bulk writers: the seeds) together with the token.
 */
export interface SeasonTokens {
  ladder(seasonId: number): ChangeToken;
  view(seasonId: number): ChangeToken;
  stash(participantId: number): ChangeToken;
}

export function redisSeasonTokens(redis: Redis, database: string): SeasonTokens {
  return {
    ladder: (seasonId) => redisChangeToken(redis, database, `ladder:${seasonId}`),
    view: (seasonId) => redisChangeToken(redis, database, `view:${seasonId}`),
    stash: (participantId) => redisChangeToken(redis, database, `stash:${participantId}`),
  };
}
