import { redisConnection } from '../src/queue';
import { Sequences } from '../src/sequence';
import { engines, unique } from './support/engines';

jest.setTimeout(30_000);

describe('Redis sequences', () => {
  const redis = redisConnection(engines.redisUrl);
  const seq = new Sequences(redis, `${unique('seq-test')}:`);

  afterAll(() => redis.disconnect());

  it('when 200 callers ask one sequence at once, then 200 distinct consecutive ids come back', async () => {
    const ids = await Promise.all(Array.from({ length: 200 }, () => seq.next('many')));
    expect(new Set(ids).size).toBe(200);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('when a new sequence is first used by 50 callers at once, then every id is above the stored maximum', async () => {
    let floorCalls = 0;
    const floor = async () => {
      floorCalls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 1_000;
    };
    const ids = await Promise.all(Array.from({ length: 50 }, () => seq.next('seeded', floor)));
    expect(new Set(ids).size).toBe(50);
    expect(Math.min(...ids)).toBe(1_001);
    expect(Math.max(...ids)).toBe(1_050);
    expect(floorCalls).toBeGreaterThan(0);
    // Once it exists the floor is not asked again.
    floorCalls = 0;
    expect(await seq.next('seeded', floor)).toBe(1_051);
    expect(floorCalls).toBe(0);
  });

  it('when a sequence is raised, then it never goes down and continues above the raise', async () => {
    await seq.next('raised');
    expect(await seq.raise('raised', 500)).toBe(500);
    expect(await seq.raise('raised', 10)).toBe(500);
    expect(await seq.next('raised')).toBe(501);
    expect(await seq.current('raised')).toBe(501);
  });
});

describe('Redis sequences handing out blocks', () => {
  const redis = redisConnection(engines.redisUrl);
  const seq = new Sequences(redis, `${unique('seq-block')}:`);

  afterAll(() => redis.disconnect());

  it('when 20 callers reserve blocks of 5 at once, then no two blocks overlap and all start above the floor', async () => {
    const firsts = await Promise.all(Array.from({ length: 20 }, () => seq.reserve('blocks', 5, async () => 40)));
    const ids = firsts.flatMap((f) => [0, 1, 2, 3, 4].map((i) => f + i));
    expect(new Set(ids).size).toBe(100);
    expect(Math.min(...ids)).toBe(41);
    expect(Math.max(...ids)).toBe(140);
  });
});
