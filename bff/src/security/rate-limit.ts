import type { NextFunction, Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The global per-address limit on /api: one budget of `points` requests per client address per window,
 * counted in the shared Redis (one atomic script per request), so every BFF replica draws on the same
 * counter and a burst of parallel requests cannot overrun it. Over budget: 429 `{ message }` with
 * Retry-After; the service behind is never asked. `points: 0` turns it off (a benchmark's own BFF).
 */
export function apiRateLimit(opts: { redis: unknown; points: number; windowSeconds: number; keyPrefix?: string }) {
  if (opts.points <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
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
  return async (req: Request, res: Response, next: NextFunction) => {
    // The client's address: X-Forwarded-For is believed from private hops only (createApp's trust proxy).
    const key = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    try {
      await limiter.consume(key, 1);
      next();
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        next(err);
        return;
      }
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(err.msBeforeNext / 1000))));
      res.status(429).json({ message: 'Too many requests from your address; slow down and try again shortly' });
    }
  };
}
