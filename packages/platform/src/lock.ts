import {
  ExecutionError,
  type Lock,
  Redlock,
  ResourceLockedError,
  type RedlockAbortSignal,
  type Settings,
} from '@sesamecare-oss/redlock';
import type Redis from 'ioredis';
import { AppError } from './errors';
import { lockWaitSeconds } from './metrics';

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
 * every holder of this key (of the first, sorted, when several are held: a fencing token), for stores that can
 * reject a write from an older holder.
 */
export interface LockHandle {
  readonly signal: RedlockAbortSignal;
  assertHeld(): void;
  fence(): Promise<number>;
}

const MIN_TTL_MS = 300;
/** A busy lock is tried again after 2, 4, 8, 16 ms, then every 25 ms (each plus up to half again of jitter). */
const FIRST_RETRY_MS = 2;
const MAX_RETRY_MS = 25;

/** When a busy lock is tried again: after `firstMs`, doubling up to every `maxMs` (plus up to half of jitter). */
export interface RetrySchedule {
  firstMs: number;
  maxMs: number;
}
/**
 * An extension is tried a few times, ~20 ms apart, before the holder is told the lock is lost: Redlock
 * tries again at once while the lock has not expired, so these bound how fast it asks a failing Redis.
 */
const EXTENSION_SETTINGS: Partial<Settings> = { retryCount: 2, retryDelay: 20, retryJitter: 15 };

/** Redlock that acquires in one try (Locks waits itself) and extends with EXTENSION_SETTINGS. */
class OneTryRedlock extends Redlock {
  override extend(existing: Lock, duration: number): Promise<Lock> {
    return super.extend(existing, duration, EXTENSION_SETTINGS);
  }
}

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
 * tried again soon, then every ~25 ms (the default RetrySchedule), until `waitMs` has passed, then the
 * caller gets 409 `{ message }`. A waiter whose key is released by a holder in the same process tries again at
 * once: a handler waiting behind another of its own process's (a reservation behind an upload of the same
 * stash) goes on when that one ends, not at its next retry.
 */
export class Locks {
  private readonly redlock: Redlock;
  /** Per lock name, the waiters of this process to wake when a holder of this process releases it. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lock:',
    private readonly retry: RetrySchedule = { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS },
  ) {
    // Releases and extensions are not retried against a held key: a release that finds the key gone is done.
    this.redlock = new OneTryRedlock([redis], { retryCount: 0, db: redis.options.db ?? 0 });
  }

  /**
   * Runs fn holding the lock of `key`, or of every key of a list at once: they are taken together in one
   * step (all or none), so two callers locking overlapping lists never deadlock, whatever their order.
   */
  async withLock<T>(
    key: string | readonly string[],
    fn: (lock: LockHandle) => Promise<T>,
    opts: LockOptions = {},
  ): Promise<T> {
    const keys = typeof key === 'string' ? [key] : [...new Set(key)].sort();
    if (!keys.length) throw new Error('withLock needs at least one key');
    const ttl = Math.max(Math.round(opts.ttlMs ?? 15_000), MIN_TTL_MS);
    const deadline = Date.now() + (opts.waitMs ?? 5_000);
    const names = keys.map((k) => `${this.prefix}${k}`);
    const settings = {
      retryCount: 0,
      // Extend when half the TTL is left (at most 2 s before it runs out): the extension is a timer, and a
      // busy event loop (a CI machine's two cores shared by several processes) can fire it late.
      automaticExtensionThreshold: Math.min(2_000, Math.floor(ttl / 2)),
    };
    const started = process.hrtime.bigint();
    const colon = keys[0]!.indexOf(':');
    const lock = colon < 0 ? keys[0]! : keys[0]!.slice(0, colon);
    const waited = (outcome: 'acquired' | 'busy') =>
      lockWaitSeconds.observe({ lock, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    for (let retry = 0; ; retry += 1) {
      const attempt = await this.attempt(names, ttl, settings, fn, () => waited('acquired'));
      if (attempt.ran) return attempt.result;
      const now = Date.now();
      if (now >= deadline) {
        waited('busy');
        throw await this.acquireFailure(attempt.error);
      }
      const delay = Math.min(this.retry.firstMs * 2 ** retry, this.retry.maxMs);
      await this.pause(names, Math.min(delay + Math.random() * (delay / 2), deadline - now));
    }
  }

  /** Sleeps `ms`, or less when a holder of this process releases one of `names` meanwhile. */
  private pause(names: string[], ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        for (const name of names) {
          const waiters = this.waiting.get(name);
          waiters?.delete(wake);
          if (waiters && !waiters.size) this.waiting.delete(name);
        }
        resolve();
      };
      const timer = setTimeout(wake, ms);
      for (const name of names) {
        const waiters = this.waiting.get(name) ?? new Set<() => void>();
        this.waiting.set(name, waiters);
        waiters.add(wake);
      }
    });
  }

  /** A holder of this process released `names`: its waiters here try again now. */
  private released(names: string[]) {
    for (const name of names) {
      const waiters = this.waiting.get(name);
      if (waiters) for (const wake of [...waiters]) wake();
    }
  }

  /** One try to acquire; runs fn when the lock was had, and then wakes this process's waiters for it. */
  private async attempt<T>(
    names: string[],
    ttl: number,
    settings: Settings,
    fn: (lock: LockHandle) => Promise<T>,
    onAcquired: () => void,
  ): Promise<{ ran: true; result: T } | { ran: false; error: ExecutionError }> {
    let acquired = false;
    let finished = false;
    let failed: { error: unknown } | undefined;
    let result!: T;
    try {
      await this.redlock.using(names, ttl, settings, async (signal) => {
        acquired = true;
        onAcquired();
        const handle: LockHandle = {
          signal,
          assertHeld: () => {
            if (signal.aborted)
              throw AppError.conflict('This record was taken over by another writer; try again', 'lock-lost');
          },
          fence: () => this.redis.incr(`${names[0]}:fence`),
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
    } finally {
      if (acquired) this.released(names);
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
