import type Redis from 'ioredis';

// One round trip per id: INCR when the sequence exists, -1 (ask for a floor) when it does not.
const NEXT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('incrby', KEYS[1], ARGV[1]) else return -1 end`;
// Raise to at least the floor (never lower it), then hand out the next value. Atomic in Redis, so many
// callers seeding at once each get a distinct value above the floor.
const SEED_AND_NEXT = `local cur = tonumber(redis.call('get', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
if cur < floor then redis.call('set', KEYS[1], floor) end
return redis.call('incrby', KEYS[1], ARGV[2])`;
const RAISE = `local cur = tonumber(redis.call('get', KEYS[1]) or '0')
local floor = tonumber(ARGV[1])
if cur < floor then redis.call('set', KEYS[1], floor) return floor end
return cur`;

/** Where a sequence must start above: the highest id already stored (and any older counter's value). */
export type SequenceFloor = () => Promise<number>;

/**
 * Numeric ids from Redis `INCR`: atomic across processes and replicas, so concurrent callers never get the
 * same value (FerretDB's `$inc` can hand one value out twice). A sequence that does not exist yet (first
 * use, or Redis lost its data) is seeded from `floor()` — the highest id stored — with an atomic max, so it
 * never hands out an id that is already in the store.
 *
 * Keys are namespaced by the prefix; services use `sequencesFor(redis, database)` so that two databases on
 * one Redis (tests, a staging copy) do not share counters.
 */
export class Sequences {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'seq:',
  ) {}

  private key(name: string) {
    return `${this.prefix}${name}`;
  }

  /** The next id of `name`: greater than every id handed out before and than `floor()` at first use. */
  next(name: string, floor?: SequenceFloor): Promise<number> {
    return this.reserve(name, 1, floor);
  }

  /** Reserves `count` consecutive ids of `name` at once; returns the first of them. */
  async reserve(name: string, count: number, floor?: SequenceFloor): Promise<number> {
    const n = Math.max(1, Math.floor(count));
    const key = this.key(name);
    let last = Number(await this.redis.eval(NEXT, 1, key, String(n)));
    if (last < 0) {
      const seed = floor ? await floor() : 0;
      last = Number(await this.redis.eval(SEED_AND_NEXT, 1, key, String(Math.max(0, Math.floor(seed))), String(n)));
    }
    return last - n + 1;
  }

  /** Makes sure later ids are above `atLeast` (ids written directly, such as a seed's fixed ids). */
  async raise(name: string, atLeast: number): Promise<number> {
    return Number(await this.redis.eval(RAISE, 1, this.key(name), String(Math.max(0, Math.floor(atLeast)))));
  }

  /** The last value handed out (0 when the sequence does not exist yet). */
  async current(name: string): Promise<number> {
    return Number((await this.redis.get(this.key(name))) ?? 0);
  }
}

/** The sequences of one database on a shared Redis. */
export const sequencesFor = (redis: Redis, database: string) => new Sequences(redis, `seq:${database}:`);
