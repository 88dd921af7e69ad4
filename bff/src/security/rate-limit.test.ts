import { RateLimiterMemory } from 'rate-limiter-flexible';
import { LeasedBudget, type LeaseOutcome } from './rate-limit';

/** One take, resolved to allowed or refused. */
const take = async (b: LeasedBudget, key: string): Promise<boolean> => {
  const r = b.take(key);
  if (r === true) return true;
  const outcome: LeaseOutcome = await r;
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
};

/** Counts the store's consumes (each is one Redis round trip in the BFF). */
function countConsumes(store: RateLimiterMemory): { n: number } {
  const calls = { n: 0 };
  const consume = store.consume.bind(store);
  store.consume = (key, points, options) => {
    calls.n += 1;
    return consume(key, points, options);
  };
  return calls;
}

describe('the per-address budget spent in leases', () => {
  const budgets: LeasedBudget[] = [];
  const budget = (store: RateLimiterMemory, points: number, cap: number, first?: number) => {
    const b = new LeasedBudget(store, points, cap, 60_000, first);
    budgets.push(b);
    return b;
  };
  afterAll(() => budgets.forEach((b) => b.close()));

  it('when 500 requests of one address arrive at once on one replica, then exactly the budget of 300 passes', async () => {
    const store = new RateLimiterMemory({ points: 300, duration: 60 });
    const b = budget(store, 300, 6);
    const results = await Promise.all(Array.from({ length: 500 }, () => take(b, 'a')));
    expect(results.filter(Boolean)).toHaveLength(300);
    // The store was asked per lease, not per request.
    expect((await store.get('a'))!.consumedPoints).toBeGreaterThanOrEqual(300);
  });

  it('when two replicas share one store, then together they never pass more than the budget and strand at most a lease each', async () => {
    const store = new RateLimiterMemory({ points: 1000, duration: 60 });
    const cap = 20;
    const replicas = [budget(store, 1000, cap), budget(store, 1000, cap)];
    let passed = 0;
    // Sequential and parallel waves, alternating replicas, well past the budget.
    for (let wave = 0; wave < 30; wave++) {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => take(replicas[(i + wave) % 2]!, 'b')));
      passed += results.filter(Boolean).length;
    }
    expect(passed).toBeLessThanOrEqual(1000);
    expect(passed).toBeGreaterThanOrEqual(1000 - 2 * cap);
  });

  it('when a busy address spends its leases, then the store is asked far less often than once per request', async () => {
    const store = new RateLimiterMemory({ points: 100_000, duration: 60 });
    const calls = countConsumes(store);
    const b = budget(store, 100_000, 256);
    for (let i = 0; i < 2_000; i++) expect(await take(b, 'c')).toBe(true);
    expect(calls.n).toBeLessThan(20);
    // Built without a first lease, another address starts with a lease of one.
    expect(await take(b, 'd')).toBe(true);
    expect((await store.get('d'))!.consumedPoints).toBe(1);
  });

  it('when a new address opens a page (8 calls, then 8 more), then the first lease of 8 serves the first page in one store call', async () => {
    const store = new RateLimiterMemory({ points: 1200, duration: 60 });
    const calls = countConsumes(store);
    const b = budget(store, 1200, 24, 8);
    expect(await Promise.all(Array.from({ length: 8 }, () => take(b, 'f')))).toEqual(Array(8).fill(true));
    expect(calls.n).toBe(1);
    expect((await store.get('f'))!.consumedPoints).toBe(8);
    // The next page's calls draw a lease twice as large.
    for (let i = 0; i < 8; i++) expect(await take(b, 'f')).toBe(true);
    expect(calls.n).toBe(2);
    expect((await store.get('f'))!.consumedPoints).toBe(24);
    // A first lease never exceeds the cap.
    const small = budget(store, 1200, 4, 8);
    expect(await take(small, 'g')).toBe(true);
    expect((await store.get('g'))!.consumedPoints).toBe(4);
  });

  it('when two replicas with first leases of 8 share one budget of 30, then together they pass at most 30', async () => {
    const store = new RateLimiterMemory({ points: 30, duration: 60 });
    const replicas = [budget(store, 30, 8, 8), budget(store, 30, 8, 8)];
    let passed = 0;
    for (let i = 0; i < 60; i++) if (await take(replicas[i % 2]!, 'h')) passed += 1;
    expect(passed).toBeLessThanOrEqual(30);
    expect(passed).toBeGreaterThanOrEqual(30 - 2 * 8);
  });

  it('when the budget is spent, then the refusal says how long until the window ends', async () => {
    const store = new RateLimiterMemory({ points: 10, duration: 30 });
    const b = budget(store, 10, 4);
    for (let i = 0; i < 10; i++) expect(await take(b, 'e')).toBe(true);
    const r = b.take('e');
    expect(r).not.toBe(true);
    const outcome = await (r as Promise<LeaseOutcome>);
    expect(outcome.ok).toBe(false);
    expect('msBeforeNext' in outcome && outcome.msBeforeNext).toBeGreaterThan(20_000);
    expect('msBeforeNext' in outcome && outcome.msBeforeNext).toBeLessThanOrEqual(30_000);
  });
});
