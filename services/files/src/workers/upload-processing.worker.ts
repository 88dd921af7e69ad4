import { createWorker, type Logger } from '@league/platform';
import type { UploadJob, Uploads } from '../domain/uploads';

/**
 * An upload's processing job is retried for about two minutes (8 attempts, 1 s doubling to 64 s apart)
 * before the upload is refused: a job fails only for a reason outside the file (an invalid file is refused
 * at once, not retried), such as MinIO, the database or Redis restarting, and a valid file must not be
 * refused because storage blinked for a few seconds (the platform's default, 3 attempts 1 s and 2 s apart,
 * refused one during a 5 s MinIO restart in the reliability phase).
 */
export const UPLOAD_JOB_OPTIONS = { attempts: 8, backoff: { type: 'exponential' as const, delay: 1_000 } };

/** Queue `files-upload-processing`: validates each upload and publishes or refuses it. */
export function startUploadProcessingWorker(
  queue: string,
  redisUrl: string,
  logger: Logger,
  uploads: Uploads,
  lockMs: number,
) {
  return createWorker<UploadJob>(
    queue,
    redisUrl,
    logger,
    (payload, job) => uploads.process(payload.fileId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { lockDuration: lockMs, stalledInterval: lockMs },
  );
}
