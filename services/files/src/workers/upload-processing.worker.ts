import { createWorker, type Logger } from '@league/platform';
import type { UploadJob, Uploads } from '../domain/uploads';

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
