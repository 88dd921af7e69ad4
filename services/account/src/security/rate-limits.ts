import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { Limits, RateLimit, Taken } from '../domain/ports';

/**
 * One budget of `points` per key per window, counted in the shared Redis by rate-limiter-flexible: each
 * take is one atomic Lua script (increment, set the expiry, compare), so parallel requests and every
 * replica draw on the same counter and none slips past it.
 */
export class RedisRateLimit implements RateLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, keyPrefix: string, points: number, windowSeconds: number) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: windowSeconds });
  }

  async take(key: string): Promise<Taken> {
    try {
      const res = await this.limiter.consume(key, 1);
      return { allowed: true, remaining: res.remainingPoints };
    } catch (err) {
      // A RateLimiterRes is the "over budget" answer; anything else (Redis down) fails closed as a 500.
      if (!(err instanceof RateLimiterRes)) throw err;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
    }
  }

  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** The account service's limits, from its configuration; keys are shared by the replicas of one deployment. */
export function redisLimits(redis: Redis, config: Config): Limits {
  const prefix = `${config.RATE_LIMIT_PREFIX ?? config.MONGO_DB}:rl`;
  const limit = (name: string, points: number, windowSeconds: number) =>
    new RedisRateLimit(redis, `${prefix}:${name}`, points, windowSeconds);
  return {
    loginUserIp: limit('login-user-ip', config.LOGIN_FAILURES_PER_USER_IP, config.LOGIN_WINDOW_SECONDS),
    loginUser: limit('login-user', config.LOGIN_FAILURES_PER_USER, config.LOGIN_WINDOW_SECONDS),
    register: limit('register-ip', config.REGISTER_PER_IP, config.REGISTER_WINDOW_SECONDS),
    resetEmail: limit('reset-email', config.RESET_REQUESTS_PER_EMAIL, config.RESET_REQUEST_WINDOW_SECONDS),
    resetIp: limit('reset-ip', config.RESET_REQUESTS_PER_IP, config.RESET_REQUEST_WINDOW_SECONDS),
    changePassword: limit('change-password-ip', config.CHANGE_PASSWORD_PER_IP, config.CHANGE_PASSWORD_WINDOW_SECONDS),
    // Keyed by the stored code, so a new code starts with a full allowance; it lives as long as a code.
    resetGuesses: limit('reset-guess', config.RESET_CODE_MAX_GUESSES, config.RESET_CODE_TTL_MINUTES * 60),
  };
}
