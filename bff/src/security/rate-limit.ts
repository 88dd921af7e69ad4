import type { ServerResponse } from 'node:http';
import { sendJson } from '@league/platform';
import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What a take from the budget ended in when it had to wait for the shared store. */
export type LeaseOutcome = { ok: true } | { ok: false; msBeforeNext: number } | { ok: false; error: unknown };

interface Entry {
  /** Points this process drew from the shared budget and has not spent yet. */
  left: number;
  /** End of the shared window the points belong to (ms since the epoch): what is left is dropped then. */
  until: number;
  /** Points the next draw asks for: doubles while the address keeps spending them, up to the cap. */
  size: number;
  /** The shared budget ran out in this window: refuse once `left` is spent, until `until`. */
  spent: boolean;
  pending: boolean;
  waiters: Array<(outcome: LeaseOutcome) => void>;
}

/**
 * Spends a shared per-key budget (`limiter`, counted in Redis across replicas) in local leases: a key
 * draws `first` points in one atomic consume, then twice as many each time it has spent them, up to `cap`,
 * and spends them from memory, so an address costs one Redis round trip per lease instead of one per
 * request. A page of the site asks several calls at once as it opens (the profile, the season, its data):
 * a first lease of a few points lets one round trip serve a visitor's whole first page, where leases of
 * 1, 2 and 4 cost three. The window's total across every replica never exceeds `points` (every point
 * spent was counted in the store first, and an unspent lease dies with the window it was drawn in); the
 * price is that up to `cap` points per replica may go unspent, so an address can be refused that much
 * earlier than the exact budget, never later.
 * Parallel requests of one key wait on one draw instead of each asking the store.
 */
export class LeasedBudget implements AddressLimit {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
    readonly cap: number,
    windowMs: number,
    /** Points an address's first draw asks for (again once it was quiet for a whole window and forgotten). */
    private readonly first = 1,
  ) {
    // Addresses that went quiet are forgotten once their window is over.
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, windowMs)).unref();
  }

  /** `true` at once when a leased point was spent here; otherwise the outcome once the store answered. */
  take(key: string): true | Promise<LeaseOutcome> {
    const now = Date.now();
    let e = this.entries.get(key);
    if (e && !e.pending && e.until <= now) {
      // A new window: nothing carries over, the draw size stays (a busy address stays busy).
      e.left = 0;
      e.spent = false;
    }
    if (e && !e.pending) {
      if (e.left > 0) {
        e.left -= 1;
        return true;
      }
      if (e.spent) return Promise.resolve({ ok: false, msBeforeNext: e.until - now });
    }
    if (!e) {
      e = { left: 0, until: 0, size: Math.min(this.first, this.cap), spent: false, pending: false, waiters: [] };
      this.entries.set(key, e);
    }
    const entry = e;
    return new Promise<LeaseOutcome>((resolve) => {
      entry.waiters.push(resolve);
      if (!entry.pending) void this.draw(key, entry);
    });
  }

  private async draw(key: string, e: Entry): Promise<void> {
    e.pending = true;
    const want = Math.min(this.cap, Math.max(e.size, e.waiters.length));
    let granted: number;
    let msBeforeNext: number;
    try {
      const res = await this.limiter.consume(key, want);
      granted = want;
      msBeforeNext = res.msBeforeNext;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        e.pending = false;
        for (const w of e.waiters.splice(0)) w({ ok: false, error: err });
        return;
      }
      // Refused: the store counted past the budget; whatever of this draw was still under it is ours.
      // (A refusal from the in-memory block carries no count: nothing is granted then.)
      granted = err.consumedPoints > this.points ? Math.max(0, want - (err.consumedPoints - this.points)) : 0;
      msBeforeNext = err.msBeforeNext;
    }
    e.pending = false;
    e.until = Date.now() + Math.max(0, msBeforeNext);
    e.spent = granted < want;
    e.size = Math.min(this.cap, want * 2);
    const waiters = e.waiters.splice(0);
    let i = 0;
    for (; i < waiters.length && granted > 0; i++, granted--) waiters[i]!({ ok: true });
    e.left = granted;
    if (i === waiters.length) return;
    if (e.spent) {
      for (; i < waiters.length; i++) waiters[i]!({ ok: false, msBeforeNext });
      return;
    }
    // More waiting than this draw held: draw again for them.
    e.waiters.push(...waiters.slice(i));
    void this.draw(key, e);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, e] of this.entries) if (!e.pending && e.until <= now) this.entries.delete(key);
  }

  close() {
    clearInterval(this.sweeper);
  }
}

/** Largest share of a window's budget one replica may hold unspent for one address, and its absolute cap. */
const LEASE_SHARE = 1 / 50;
const LEASE_MAX = 256;
/** An address's first lease: about the calls one page of the site asks as it opens. */
const FIRST_LEASE = 8;

/** A take from the per-address budget: `true` at once, or the outcome once the shared store answered. */
export interface AddressLimit {
  take(address: string): true | Promise<LeaseOutcome>;
}

/**
 * The global per-address limit on /api: one budget of `points` requests per client address per window,
 * counted in the shared Redis (atomically), so every BFF replica draws on the same counter and a burst of
 * parallel requests cannot overrun it. An address draws its points in leases (LeasedBudget): 8 first (one
 * page's calls), then growing to at most 2% of the budget (≤ 256), so the hot path is a memory decrement;
 * with a budget under 100 every request is counted in Redis one by one. `points: 0` turns it off (undefined).
 */
export function addressLimit(opts: {
  redis: unknown;
  points: number;
  windowSeconds: number;
  keyPrefix?: string;
}): AddressLimit | undefined {
  if (opts.points <= 0) return undefined;
  const limiter = new RateLimiterRedis({
    storeClient: opts.redis,
    keyPrefix: opts.keyPrefix ?? 'bff:rl:api-ip',
    points: opts.points,
    duration: opts.windowSeconds,
    // Once an address is over budget, refuse it from memory until the window ends: a flood costs
    // this process, not Redis.
    inMemoryBlockOnConsumed: opts.points,
    // Redis unreachable: count in this process instead of failing every API call.
    insuranceLimiter: new RateLimiterMemory({ points: opts.points, duration: opts.windowSeconds }),
  });
  const cap = Math.min(LEASE_MAX, Math.floor(opts.points * LEASE_SHARE));
  if (cap > 1) return new LeasedBudget(limiter, opts.points, cap, opts.windowSeconds * 1000, FIRST_LEASE);
  return {
    take: (address) =>
      limiter.consume(address, 1).then(
        (): LeaseOutcome => ({ ok: true }),
        (err: unknown): LeaseOutcome =>
          err instanceof RateLimiterRes ? { ok: false, msBeforeNext: err.msBeforeNext } : { ok: false, error: err },
      ),
  };
}

/**
 * Spends one request of `address` from the budget: `next()` when it may go on, `fail(err)` when the store
 * failed, else answers 429 `{ message }` with Retry-After itself, and the service behind is never asked.
 */
export function limitRequest(
  limit: AddressLimit,
  address: string,
  res: ServerResponse,
  next: () => void,
  fail: (err: unknown) => void,
): void {
  const taken = limit.take(address);
  if (taken === true) return next();
  taken.then((outcome) => {
    if (outcome.ok) next();
    else if ('error' in outcome) fail(outcome.error);
    else {
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))));
      sendJson(res, 429, { message: 'Too many requests from your address; slow down and try again shortly' });
    }
  }, fail);
}

/** The limit as express middleware (the requests express serves: the BFF's own /api routes). */
export function apiRateLimit(limit: AddressLimit | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!limit) return next();
    // The client's address: X-Forwarded-For is believed from private hops only (createApp's trust proxy).
    limitRequest(limit, req.ip ?? req.socket.remoteAddress ?? 'unknown', res, () => next(), next);
  };
}
