import { createWorker, setQueueGlobalConcurrency, type Logger } from '@league/platform';
import type { BetaFinalisation, FinaliseJob } from '../domain/finalise-beta';

/**
 * Queue `files-beta-finalisation`: one run at a time in the whole deployment, however many files replicas
 * run. Each worker has concurrency 1, and the queue's global concurrency (held in Redis, see
 * setQueueGlobalConcurrency) is 1, so a second replica's worker never takes a job while one is active; the
 * run id as job id makes a repeated request the same job. No job is processed before the cap is in Redis.
 */
export function startBetaFinalisationWorker(
  queue: string,
  redisUrl: string,
  logger: Logger,
  finalisation: BetaFinalisation,
  lockMs: number,
) {
  const single = setQueueGlobalConcurrency(queue, redisUrl, 1);
  single.catch((err: unknown) => logger.error({ err, queue }, 'could not cap the beta finalisation queue at one job'));
  return createWorker<FinaliseJob>(
    queue,
    redisUrl,
    logger,
    async (payload, job) => {
      await single;
      return finalisation.run(payload.runId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
    },
    { lockDuration: lockMs, stalledInterval: lockMs },
  );
}
