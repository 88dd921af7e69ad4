import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import type { PatreonStates } from '../domain/ports';

/**
 * OAuth `state` values in the shared Redis, each its own key bound to the user it was issued to and
 * expiring after `ttlSeconds`. A user may hold several at once (two tabs, a profile reloaded while
 * Patreon's page is open); each works once, for that user only: consuming is one DEL, atomic, so two
 * returns racing with the same state cannot both pass.
 */
export class RedisPatreonStates implements PatreonStates {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(userId: string, state: string) {
    return `${this.prefix}:patreon-state:${userId}:${state}`;
  }

  async issue(userId: string): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(userId, state), '1', 'EX', this.ttlSeconds);
    return state;
  }

  async consume(userId: string, state: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(state)) return false;
    return (await this.redis.del(this.key(userId, state))) === 1;
  }
}
