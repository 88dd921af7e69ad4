import { createLogger, ObjectStorage, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';

/** Starts the files service: mod and launcher files per branch, uploads, processing, beta finalisation and character files. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('files', config.LOG_LEVEL);
  const storage = new ObjectStorage({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    region: config.MINIO_REGION,
  });
  return startService({
    name: 'files',
    config,
    logger,
    apis: () => [],
    readiness: () => ({ minio: () => storage.ready() }),
  });
}
