import type Redis from 'ioredis';
import type { Attempts } from '../domain/ports';

/** Fixed-window counters in Redis, shared by every replica of the service. */
export class RedisAttempts implements Attempts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'account:',
  ) {}

  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    // INCR and EXPIRE NX in one round trip: the window starts at the first failure and is never extended.
    const [[, n]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[unknown, number]];
    return n;
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
