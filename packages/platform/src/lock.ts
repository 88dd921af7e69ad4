import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { AppError } from './errors';

// Deletes the key only if it still holds our token, so a lock that expired and was taken by someone else
// is never released by us.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface LockOptions {
  /** How long the lock holds if its owner dies without releasing it. */
  ttlMs?: number;
  /** How long to wait for a busy lock before answering 409. */
  waitMs?: number;
}

/**
 * Per-aggregate mutual exclusion in Redis. FerretDB 1.24 (our local store) does not isolate concurrent
 * updates of one document: two guarded `findOneAndUpdate`s can both match, and two `$inc`s can return the
 * same value (measured: 10 racing `open → settling` updates, 4 winners). Every read-check-write of one
 * aggregate — and the outbox relay's removal of published entries — runs under this lock, so the guard
 * holds on FerretDB as it does on MongoDB 7, across processes and replicas.
 */
export class Locks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lock:',
  ) {}

  async withLock<T>(key: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
    const ttl = opts.ttlMs ?? 15_000;
    const deadline = Date.now() + (opts.waitMs ?? 5_000);
    const name = `${this.prefix}${key}`;
    const token = randomUUID();
    let delay = 5;
    while ((await this.redis.set(name, token, 'PX', ttl, 'NX')) !== 'OK') {
      if (Date.now() >= deadline) throw AppError.conflict('This record is busy; try again in a moment', 'busy');
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 100);
    }
    try {
      return await fn();
    } finally {
      await this.redis.eval(RELEASE, 1, name, token);
    }
  }
}

/** The lock key of one document: collection name and id. */
export const aggregateKey = (collection: string, id: unknown) => `${collection}:${String(id)}`;
