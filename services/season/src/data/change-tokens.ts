import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * The change tokens of this service's process caches that span a whole collection (the season directory,
 * the catalogue), in Redis beside the platform's locks, sequences and read-your-writes offsets. A cache reads
 * its token before each use (a Redis GET: a tenth of what the smallest database read costs here) and keeps
 * what it holds while the token is the same; every writer replaces the token once its write has finished.
 * Keys are namespaced by the database, like the sequences, so two databases on one Redis never share one.
 * (A stash's token is different: it belongs to one participant's aggregate and is written in its document.)
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
 * Each season's own tokens, beside the season document: `ladder` (its standings changed) and `view` (its
 * challenges or participants changed). Their writers are frequent (every projection, every join), so they
 * replace a token of the season alone: no write of the season document, no season-wide lock, and the season
 * directory of every instance stays as it is. A cache keys what it holds by the season document's stored
 * version (bumped by the rare bulk writers: the seeds) together with the token.
 */
export interface SeasonTokens {
  ladder(seasonId: number): ChangeToken;
  view(seasonId: number): ChangeToken;
}

export function redisSeasonTokens(redis: Redis, database: string): SeasonTokens {
  return {
    ladder: (seasonId) => redisChangeToken(redis, database, `ladder:${seasonId}`),
    view: (seasonId) => redisChangeToken(redis, database, `view:${seasonId}`),
  };
}
