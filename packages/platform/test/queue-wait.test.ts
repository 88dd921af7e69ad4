import type { Worker } from 'bullmq';
import type Redis from 'ioredis';
import { createWorker, TypedQueue } from '../src/queue';
import { engines, quietLogger, unique } from './support/engines';

jest.setTimeout(30_000);

describe('waiting for a BullMQ job through its queue events (real Redis)', () => {
  let queue: TypedQueue<{ ms: number; fail?: boolean }>;
  let worker: Worker | undefined;
  let name: string;

  beforeAll(() => {
    name = unique('wait-test');
    queue = new TypedQueue(name, engines.redisUrl, { attempts: 1 });
  });

  afterAll(async () => {
    await worker?.close();
    // createWorker hands BullMQ a connection of its own making, which BullMQ does not close.
    (worker?.opts.connection as Redis | undefined)?.disconnect();
    await queue.queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  });

  it('when no worker runs, then the wait ends at its bound as a timeout; an unknown job is missing', async () => {
    await queue.add('job', { ms: 0 }, { jobId: 'nobody-works-on-me' });
    const started = Date.now();
    expect(await queue.waitUntilFinished('nobody-works-on-me', 400)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(await queue.waitUntilFinished('never-queued', 400)).toBe('missing');
  });

  it('when the worker finishes a job, then the wait ends as it finishes (completed or failed), not at the bound', async () => {
    worker = createWorker<{ ms: number; fail?: boolean }>(name, engines.redisUrl, quietLogger(), async (p) => {
      await new Promise((r) => setTimeout(r, p.ms));
      if (p.fail) throw new Error('refused on purpose');
    });
    // The job left waiting by the first test is taken now too; it finishes at once.
    await queue.add('job', { ms: 300 }, { jobId: 'slow-ok' });
    const started = Date.now();
    expect(await queue.waitUntilFinished('slow-ok', 10_000)).toBe('completed');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5_000);

    await queue.add('job', { ms: 50, fail: true }, { jobId: 'bad' });
    expect(await queue.waitUntilFinished('bad', 10_000)).toBe('failed');

    // A job that finished before anyone waited: the wait sees it at once.
    await queue.add('job', { ms: 0 }, { jobId: 'done-early' });
    await new Promise((r) => setTimeout(r, 500));
    const again = Date.now();
    expect(await queue.waitUntilFinished('done-early', 10_000)).toBe('completed');
    expect(Date.now() - again).toBeLessThan(2_000);
  });
});
