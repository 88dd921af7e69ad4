import { AppError } from '@league/platform';
import type { RateLimit } from './ports';

/** 429 with `{ message }`; the route puts `retryAfterSeconds` in the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'rate_limited',
  ) {
    super(429, message, code);
  }
}

/** "in 15 minutes", "in an hour", "in 30 seconds": the wait a refused caller is told. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes === 60) return 'in an hour';
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `in ${Math.ceil(minutes / 60)} hours`;
}

/** Takes a point from each limit in turn; the first that refuses ends the request with 429. */
export async function within(
  checks: Array<[RateLimit, string]>,
  message: (wait: string) => string,
  code?: string,
): Promise<void> {
  for (const [limit, key] of checks) {
    const taken = await limit.take(key);
    if (!taken.allowed) {
      throw new RateLimitedError(message(waitText(taken.retryAfterSeconds)), taken.retryAfterSeconds, code);
    }
  }
}

/** Limiter keys stay bounded: a megabyte of name must not become a Redis key. */
export const limitKey = (...parts: string[]) => parts.map((p) => p.slice(0, 128)).join(':');
