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

  it('when the holder dies without releasing, then the lock frees itself after its ttl', async () => {
    await redis.set(`${(locks as unknown as { prefix: string }).prefix}orphan`, 'dead-owner', 'PX', 200);
    expect(await locks.withLock('orphan', async () => 'taken over', { waitMs: 2_000 })).toBe('taken over');
  });
});
