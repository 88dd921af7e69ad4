import { createWorker, type Logger } from '@league/platform';
import type { GameDataJob, GameDataPublisher } from '../domain/game-data';

/** Retried like an upload's processing (about two minutes): only a reason outside the files fails a job. */
export const GAME_DATA_JOB_OPTIONS = { attempts: 8, backoff: { type: 'exponential' as const, delay: 1_000 } };

/** Queue `files-game-data`: reads a branch's database and text archives and publishes its game data. */
export function startGameDataWorker(
  queue: string,
  redisUrl: string,
  logger: Logger,
  publisher: GameDataPublisher,
  lockMs: number,
) {
  return createWorker<GameDataJob>(
    queue,
    redisUrl,
    logger,
    (payload, job) => publisher.extract(payload.branch, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    // One extraction at a time per replica: it reads a whole database.
    { lockDuration: lockMs, stalledInterval: lockMs, concurrency: 1 },
  );
}
