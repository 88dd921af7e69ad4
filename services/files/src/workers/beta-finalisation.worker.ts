import { createWorker, type Logger } from '@league/platform';
import type { BetaFinalisation, FinaliseJob } from '../domain/finalise-beta';

/** Queue `files-beta-finalisation`: one run at a time (concurrency 1, the run id as job id). */
export function startBetaFinalisationWorker(
  queue: string,
  redisUrl: string,
  logger: Logger,
  finalisation: BetaFinalisation,
  lockMs: number,
) {
  return createWorker<FinaliseJob>(
    queue,
    redisUrl,
    logger,
    (payload, job) => finalisation.run(payload.runId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { lockDuration: lockMs, stalledInterval: lockMs },
  );
}
