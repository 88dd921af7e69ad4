import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from './logger';

/**
 * The change token of a process cache: a value in Redis beside the platform's locks and sequences. A cache
 * reads its token before each use (a Redis GET: a fraction of what the smallest database read costs here)
 * and keeps what it holds while the token is the same; every writer replaces the token once its write has
 * finished. Keys are namespaced by the database, like the sequences, so two databases on one Redis never
 * share one.
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
 * Past this age a snapshot is read again even with an unchanged token: the bound on a write that did not
 * replace the token (a seed run from the command line beside running services).
 */
export const SNAPSHOT_MAX_AGE_MS = 5_000;

/**
 * A value read from the database and held in this process under a change token. Each `get` reads the token
 * first and reads the value again only when the token changed (or the snapshot is older than
 * SNAPSHOT_MAX_AGE_MS), so it never returns a value older than a write that finished before it started, made
 * by this process or another, as long as every writer calls `changed` (or replaces the token) once its write
 * is done. Gets that saw the same new token share one read.
 *
 * The value is shared by every caller: build it frozen.
 */
export class TokenSnapshot<T> {
  private held?: { token: string; value: T; readAt: number };
  private pending?: { token: string; job: Promise<T> };

  /** `what` names the value in the warnings. */
  constructor(
    private readonly token: ChangeToken,
    private readonly read: () => Promise<T>,
    private readonly logger: Logger,
    private readonly what: string,
  ) {}

  async get(): Promise<T> {
    let token: string;
    try {
      token = await this.token.current();
    } catch (err) {
      // No token, no proof the snapshot is current: read the value (and keep nothing).
      this.logger.warn({ err }, `${this.what} token unreadable; reading it again`);
      return this.read();
    }
    const held = this.held;
    if (held && held.token === token && Date.now() - held.readAt < SNAPSHOT_MAX_AGE_MS) return held.value;
    if (this.pending?.token === token) return this.pending.job;
    const job = this.read().then((value) => {
      // A slower read of an older token must not replace a newer snapshot.
      if (this.pending?.job === job) this.held = { token, value, readAt: Date.now() };
      return value;
    });
    this.pending = { token, job };
    job.then(
      () => this.pending?.job === job && (this.pending = undefined),
      () => this.pending?.job === job && (this.pending = undefined),
    );
    return job;
  }

  /** After this process wrote what the value is read from (its write has finished). */
  async changed(): Promise<void> {
    this.held = undefined;
    try {
      await this.token.replace();
    } catch (err) {
      // Other processes then see the write within SNAPSHOT_MAX_AGE_MS; this one at once (nothing held).
      this.logger.warn({ err }, `${this.what} token not replaced; other instances see the change late`);
    }
  }
}
