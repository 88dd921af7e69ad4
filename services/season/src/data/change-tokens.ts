import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * The change tokens of this service's process caches that span a whole collection (the season directory,
 * the catalogue), in Redis beside the platform's locks, sequences and read-your-writes offsets. A cache reads
 * its token before each use (a Redis GET: a tenth of what the smallest database read costs here) and keeps
 * what it holds while the token is the same; every writer replaces the token once its write has finished.
 * Keys are namespaced by the database, like the sequences, so two databases on one Redis never share one.
 */
export interface ChangeToken {
  /** The current token; one is made when none exists yet (a new or emptied Redis). */
  current(): Promise<string>;
  /** Replaces the token: every cache holding the old one reads again. */
  replace(): Promise<void>;
}

export function redisChangeToken(redis: Redis, database: string, name: string): ChangeToken {
  const key = `token:${database}:${name}`;
  return {
    async current() {
      const token = await redis.get(key);
      if (token) return token;
      await redis.set(key, randomUUID(), 'NX');
      return (await redis.get(key)) ?? '';
    },
    async replace() {
      await redis.set(key, randomUUID());
    },
  };
}

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
