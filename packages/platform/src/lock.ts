import {
  ExecutionError,
  Redlock,
  ResourceLockedError,
  type RedlockAbortSignal,
  type Settings,
} from '@sesamecare-oss/redlock';
import type Redis from 'ioredis';
import { AppError } from './errors';

export interface LockOptions {
  /**
   * How long the lock holds without being renewed. While the holder's process is alive the lock is
   * extended automatically before this runs out, so a slow holder keeps exclusion; only a holder whose
   * process died (or cannot reach Redis) loses it after this long.
   */
  ttlMs?: number;
  /** How long to wait for a busy lock (bounded retries) before answering 409. */
  waitMs?: number;
}

/**
 * What the guarded function is handed. `signal.aborted` turns true when the lock could not be extended
 * (Redis unreachable, or the key was taken from us): exclusion is no longer guaranteed, so a long
 * routine checks `assertHeld()` before its final write. `fence()` hands out a number that grows with
 * every holder of this key (a fencing token), for stores that can reject a write from an older holder.
 */
export interface LockHandle {
  readonly signal: RedlockAbortSignal;
  assertHeld(): void;
  fence(): Promise<number>;
}

const MIN_TTL_MS = 300;
const RETRY_DELAY_MS = 20;
const RETRY_JITTER_MS = 15;
const ROUND_RETRIES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Per-aggregate mutual exclusion in Redis, on `@sesamecare-oss/redlock` (a maintained Redlock). FerretDB
 * 1.24 (our local store) does not isolate concurrent updates of one document: two guarded
 * `findOneAndUpdate`s can both match, and two `$inc`s can return the same value (measured: 10 racing
 * `open → settling` updates, 4 winners). Every read-check-write of one aggregate — and the outbox relay's
 * removal of published entries — runs under this lock, so the guard holds on FerretDB as it does on
 * MongoDB 7, across processes and replicas.
 *
 * The lock is held through Redlock's `using()`: it is extended automatically while the holder runs, so a
 * holder that stalls past the TTL does not silently lose exclusion to a second holder. A busy lock is
 * retried every ~20 ms (in rounds of a few attempts) until `waitMs` has passed, then the caller gets 409 `{ message }`.
 */
export class Locks {
  private readonly redlock: Redlock;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lock:',
  ) {
    // Releases and extensions are not retried against a held key: a release that finds the key gone is done.
    this.redlock = new Redlock([redis], { retryCount: 0, db: redis.options.db ?? 0 });
  }

  async withLock<T>(key: string, fn: (lock: LockHandle) => Promise<T>, opts: LockOptions = {}): Promise<T> {
    const ttl = Math.max(Math.round(opts.ttlMs ?? 15_000), MIN_TTL_MS);
    const deadline = Date.now() + (opts.waitMs ?? 5_000);
    const name = `${this.prefix}${key}`;
    // Few retries per round: the same settings drive the automatic extension, whose retries must end
    // before the lock would expire, so that a lost lock is reported while it matters.
    const settings = {
      retryCount: ROUND_RETRIES,
      retryDelay: RETRY_DELAY_MS,
      retryJitter: RETRY_JITTER_MS,
      // Extend when half the TTL is left (at most 2 s before it runs out): the extension is a timer, and a
      // busy event loop (a CI machine's two cores shared by several processes) can fire it late.
      automaticExtensionThreshold: Math.min(2_000, Math.floor(ttl / 2)),
    };
    for (;;) {
      const attempt = await this.attempt(name, ttl, settings, fn);
      if (attempt.ran) return attempt.result;
      if (Date.now() >= deadline) throw await this.acquireFailure(attempt.error);
      await sleep(RETRY_DELAY_MS + Math.floor(Math.random() * RETRY_JITTER_MS));
    }
  }

  /** One round of acquisition (a few quick retries); runs fn when the lock was had. */
  private async attempt<T>(
    name: string,
    ttl: number,
    settings: Settings,
    fn: (lock: LockHandle) => Promise<T>,
  ): Promise<{ ran: true; result: T } | { ran: false; error: ExecutionError }> {
    let acquired = false;
    let finished = false;
    let failed: { error: unknown } | undefined;
    let result!: T;
    try {
      await this.redlock.using([name], ttl, settings, async (signal) => {
        acquired = true;
        const handle: LockHandle = {
          signal,
          assertHeld: () => {
            if (signal.aborted)
              throw AppError.conflict('This record was taken over by another writer; try again', 'lock-lost');
          },
          fence: () => this.redis.incr(`${name}:fence`),
        };
        try {
          result = await fn(handle);
        } catch (error) {
          failed = { error };
          throw error;
        }
        finished = true;
        return result;
      });
      return { ran: true, result };
    } catch (err) {
      // A failed release after the routine (the key expired or was removed meanwhile) never hides the
      // routine's own outcome; nobody else's lock is touched by it, and an unreleased key expires.
      if (failed) throw failed.error;
      if (finished) return { ran: true, result };
      if (!acquired && err instanceof ExecutionError) return { ran: false, error: err };
      throw err;
    }
  }

  /** 409 when the key stayed held by someone else; Redis' own error when Redis could not be asked. */
  private async acquireFailure(err: ExecutionError): Promise<Error> {
    const last = err.attempts.length ? await err.attempts[err.attempts.length - 1] : undefined;
    const reasons = last ? [...last.votesAgainst.values()] : [];
    const unreachable = reasons.find((e) => !(e instanceof ResourceLockedError));
    if (unreachable) return unreachable;
    return AppError.conflict('This record is busy; try again in a moment', 'busy');
  }
}

/** The lock key of one document: collection name and id. */
export const aggregateKey = (collection: string, id: unknown) => `${collection}:${String(id)}`;
