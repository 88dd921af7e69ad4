import { PromiseMemo } from './memo';

/** A load that resolves or rejects when the test says so, counting how often it was started. */
function gate<T>() {
  let settle!: { resolve: (v: T) => void; reject: (e: unknown) => void };
  const started = { count: 0 };
  const load = () => {
    started.count += 1;
    return new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { load, started, settle: () => settle };
}

describe('the read caches’ memo of loads', () => {
  it('when callers of one key come while its load runs, then they share that one load', async () => {
    const memo = new PromiseMemo<string, number>();
    const g = gate<number>();
    const calls = [memo.get('a', g.load), memo.get('a', g.load), memo.get('a', g.load)];
    g.settle().resolve(7);
    await expect(Promise.all(calls)).resolves.toEqual([7, 7, 7]);
    await expect(memo.get('a', g.load)).resolves.toBe(7);
    expect(g.started.count).toBe(1);
  });

  it('when a load fails, then its callers see the failure and the next caller loads again', async () => {
    const memo = new PromiseMemo<string, number>();
    const g = gate<number>();
    const first = memo.get('a', g.load);
    g.settle().reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    const again = memo.get('a', g.load);
    g.settle().resolve(8);
    await expect(again).resolves.toBe(8);
    expect(g.started.count).toBe(2);
  });

  it('when more keys than its bound are asked for, then it starts over instead of growing', async () => {
    const memo = new PromiseMemo<number, number>(3);
    let loads = 0;
    const load = (n: number) => () => Promise.resolve((loads += 1) && n);
    for (const k of [1, 2, 3]) await memo.get(k, load(k));
    await memo.get(1, load(1));
    expect(loads).toBe(3); // still held
    await memo.get(4, load(4)); // the fourth key: everything before it is dropped
    await memo.get(1, load(1));
    expect(loads).toBe(5);
  });
});
