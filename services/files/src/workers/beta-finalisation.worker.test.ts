import { randomUUID } from 'node:crypto';
import { createLogger, TypedQueue } from '@league/platform';
import { eventually } from '@league/platform/testing';
import type { BetaFinalisation, FinaliseJob } from '../domain/finalise-beta';
import { startBetaFinalisationWorker } from './beta-finalisation.worker';

// Against the real Redis: two workers stand for two files replicas on one queue. However many jobs wait,
// only one finalisation runs at a time across both.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

test('when two replicas each run the finalisation worker, then only one job is active at a time across both', async () => {
  const name = `test-beta-finalisation-${randomUUID().slice(0, 8)}`;
  const logger = createLogger('files', 'silent');
  let active = 0;
  let maxActive = 0;
  const ran: string[] = [];
  const fake = {
    run: async (runId: string) => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 150));
      ran.push(runId);
      active -= 1;
    },
  } as unknown as BetaFinalisation;
  const workers = [1, 2].map(() => startBetaFinalisationWorker(name, redisUrl, logger, fake, 30_000));
  const queue = new TypedQueue<FinaliseJob>(name, redisUrl);
  try {
    for (const runId of ['r1', 'r2', 'r3', 'r4']) await queue.add('finalise', { runId }, { jobId: runId });
    await eventually(async () => ran.length === 4, 60_000);
    expect(ran.sort()).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(maxActive).toBe(1);
    expect(await queue.queue.getGlobalConcurrency()).toBe(1);
  } finally {
    await Promise.all(workers.map(async (w) => (await w.close(), await w.disconnect())));
    await queue.queue.obliterate({ force: true });
    await queue.close();
  }
}, 90_000);
