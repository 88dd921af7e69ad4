import mongoose, { type Connection } from 'mongoose';
import { Locks, aggregateKey } from '../src/lock';
import { applyOnce } from '../src/outbox';
import { redisConnection } from '../src/queue';
import { engines, unique } from './support/engines';

jest.setTimeout(30_000);

describe('per-aggregate locks on the real Redis, guarding the real store', () => {
  const redis = redisConnection(engines.redisUrl);
  const locks = new Locks(redis, `${unique('test-lock')}:`);
  let conn: Connection;

  beforeAll(async () => {
    conn = await mongoose
      .createConnection(engines.mongoUrl, { dbName: unique('platform-lock'), maxPoolSize: 30 })
      .asPromise();
  });

  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
    redis.disconnect();
  });

  it('when ten callers race the same open → settling transition under the lock, then exactly one wins', async () => {
    const listings = conn.db!.collection('listings');
    await listings.insertOne({ _id: 'l-1' as never, state: 'open' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        locks.withLock(aggregateKey('listings', 'l-1'), async () => {
          const res = await listings.updateOne(
            { _id: 'l-1' as never, state: 'open' },
            { $set: { state: 'settling', by: i } },
          );
          return res.modifiedCount;
        }),
      ),
    );
    expect(results.filter((n) => n === 1)).toHaveLength(1);
  });

  it('when twenty callers increment one counter under the lock, then every value is handed out once', async () => {
    const counters = conn.db!.collection('counters');
    await counters.insertOne({ _id: 'items' as never, n: 0 });
    const values = await Promise.all(
      Array.from({ length: 20 }, () =>
        locks.withLock(aggregateKey('counters', 'items'), async () => {
          const doc = await counters.findOneAndUpdate(
            { _id: 'items' as never },
            { $inc: { n: 1 } },
            { returnDocument: 'after' },
          );
          return (doc as unknown as { n: number }).n;
        }),
      ),
    );
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('when one event is delivered five times at once, then the inbox guard under the lock applies it once', async () => {
    const Shelf = conn.model('Shelf', new mongoose.Schema({ _id: String, moves: Number, appliedEvents: [String] }));
    await Shelf.create({ _id: 's-1', moves: 0, appliedEvents: [] });
    const applied = await Promise.all(
      Array.from({ length: 5 }, () => applyOnce(Shelf, { _id: 's-1' }, 'event-1', { $inc: { moves: 1 } }, { locks })),
    );
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await Shelf.findById('s-1').lean()).toMatchObject({ moves: 1, appliedEvents: ['event-1'] });
  });

  it('when a lock stays busy past the wait, then the caller gets 409 and the holder is unaffected', async () => {
    let release!: () => void;
    const held = locks.withLock('busy', () => new Promise<string>((r) => (release = () => r('holder done'))));
    await new Promise((r) => setTimeout(r, 20));
    await expect(locks.withLock('busy', async () => 'never', { waitMs: 100 })).rejects.toMatchObject({
      status: 409,
      code: 'busy',
    });
    release();
    expect(await held).toBe('holder done');
    expect(await locks.withLock('busy', async () => 'free again')).toBe('free again');
  });

  it('when callers lock overlapping lists of keys in opposite orders, then none deadlocks and no two hold a key at once', async () => {
    const holding = new Map<string, number>();
    let overlaps = 0;
    const hold = (keys: string[]) =>
      locks.withLock(
        keys,
        async () => {
          for (const k of keys) {
            if (holding.get(k)) overlaps += 1;
            holding.set(k, (holding.get(k) ?? 0) + 1);
          }
          await new Promise((r) => setTimeout(r, 5));
          for (const k of keys) holding.set(k, holding.get(k)! - 1);
          return keys.join('+');
        },
        { waitMs: 10_000 },
      );
    const lists = [['a', 'b'], ['b', 'a'], ['b', 'c'], ['c', 'a'], ['a'], ['c', 'b', 'a']];
    const done = await Promise.all(Array.from({ length: 24 }, (_, i) => hold(lists[i % lists.length]!)));
    expect(done).toHaveLength(24);
    expect(overlaps).toBe(0);
    // A key held as part of a list is busy for a caller of that key alone.
    let release!: () => void;
    const held = locks.withLock(['x', 'y'], () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 20));
    await expect(locks.withLock('y', async () => 'never', { waitMs: 60 })).rejects.toMatchObject({ status: 409 });
    release();
    await held;
    expect(await locks.withLock('y', async () => 'free')).toBe('free');
  });

  it('when a holder of this process releases, then a waiter here takes the lock at once, not at its next retry', async () => {
    // Retries 2 s apart: without the wake-up a waiter takes the lock 1.7-3 s after the release (its first
    // retry is due 2-3 s after it began waiting, 0.3 s before the release). Woken, it tries again at once:
    // a Redis round trip or two, well under the bound below even on a busy machine (the default schedule's
    // retries are 25 ms apart, too close to a loaded machine's round trips to tell the two apart by time).
    const slow = new Locks(redis, `${unique('test-lock-slow')}:`, {
      firstMs: 2_000,
      maxMs: 2_000,
    });
    const gaps: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      let releasedAt = 0;
      let release!: () => void;
      const held = slow.withLock(
        'handoff',
        () =>
          new Promise<void>((r) => {
            release = () => {
              releasedAt = performance.now();
              r();
            };
          }),
      );
      await new Promise((r) => setTimeout(r, 10));
      const waiter = slow.withLock('handoff', async () => performance.now(), { waitMs: 10_000 });
      await new Promise((r) => setTimeout(r, 300));
      release();
      await held;
      gaps.push((await waiter) - releasedAt);
    }
    gaps.sort((a, b) => a - b);
    expect(gaps[2]).toBeLessThan(500);
  });

  it('when the holder dies without releasing, then the lock frees itself after its ttl', async () => {
    await redis.set(`${(locks as unknown as { prefix: string }).prefix}orphan`, 'dead-owner', 'PX', 200);
    expect(await locks.withLock('orphan', async () => 'taken over', { waitMs: 2_000 })).toBe('taken over');
  });
});
