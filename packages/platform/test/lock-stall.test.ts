import { Locks } from '../src/lock';
import { redisConnection } from '../src/queue';
import { engines, unique } from './support/engines';

jest.setTimeout(30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a lock whose holder stalls past the TTL, on the real Redis', () => {
  const redis = redisConnection(engines.redisUrl);
  const prefix = `${unique('stall-lock')}:`;
  const locks = new Locks(redis, prefix);

  afterAll(() => redis.disconnect());

  it('when the holder sleeps four TTLs, then a second holder waits for it and never overlaps', async () => {
    // Long enough that the automatic extension (at half the TTL) is not missed on a loaded machine.
    const ttlMs = 1_000;
    const spans: Array<{ who: string; from: number; to: number }> = [];
    const hold = (who: string, ms: number) =>
      locks.withLock(
        'stalled',
        async (lock) => {
          const from = Date.now();
          await sleep(ms);
          lock.assertHeld();
          spans.push({ who, from, to: Date.now() });
          return who;
        },
        { ttlMs, waitMs: 15_000 },
      );
    const first = hold('first', 4 * ttlMs);
    await sleep(50);
    const second = hold('second', 10);
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    const [a, b] = spans;
    expect(a!.who).toBe('first');
    expect(a!.to - a!.from).toBeGreaterThanOrEqual(4 * ttlMs - 5);
    expect(b!.from).toBeGreaterThanOrEqual(a!.to);
  });

  it('when a stalled holder outlasts the wait, then the waiter gets 409 { message } and the holder finishes', async () => {
    const first = locks.withLock('stalled-long', () => sleep(1_500).then(() => 'first'), { ttlMs: 300 });
    await sleep(50);
    const started = Date.now();
    await expect(locks.withLock('stalled-long', async () => 'never', { waitMs: 700 })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/busy/),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(await first).toBe('first');
  });

  it('when ten stalled holders contend, then at most one runs at any moment', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        locks.withLock(
          'crowd',
          async () => {
            inside += 1;
            most = Math.max(most, inside);
            await sleep(120);
            inside -= 1;
          },
          { ttlMs: 300, waitMs: 10_000 },
        ),
      ),
    );
    expect(most).toBe(1);
  });

  it('when the key is taken from a holder, then its signal reports the loss and assertHeld refuses with 409', async () => {
    const outcome = await locks.withLock(
      'stolen',
      async (lock) => {
        await redis.set(`${prefix}stolen`, 'someone-else', 'PX', 5_000);
        await sleep(450); // past the first automatic extension, which now fails
        try {
          lock.assertHeld();
          return 'still held';
        } catch (err) {
          return `lost: ${(err as { status: number }).status}`;
        }
      },
      { ttlMs: 300 },
    );
    expect(outcome).toBe('lost: 409');
    // Our release did not remove the other owner's key.
    expect(await redis.get(`${prefix}stolen`)).toBe('someone-else');
  });

  it('when holders follow one another, then each fencing token is larger than the last', async () => {
    const tokens: number[] = [];
    for (let i = 0; i < 3; i += 1) tokens.push(await locks.withLock('fenced', (lock) => lock.fence()));
    expect(tokens[1]).toBeGreaterThan(tokens[0]!);
    expect(tokens[2]).toBeGreaterThan(tokens[1]!);
  });

  it('when the routine throws, then its error reaches the caller and the lock is free again', async () => {
    await expect(
      locks.withLock('throws', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await locks.withLock('throws', async () => 'free', { waitMs: 0 })).toBe('free');
  });
});
