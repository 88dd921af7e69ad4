import { ObjectStorage } from '@league/platform';
import { expectServiceBoots } from '@league/platform/testing';
import { start } from '../src/server';
import { unique } from './support/harness';

describe('the files service', () => {
  const prefix = unique('test-files');
  afterAll(async () => {
    const storage = new ObjectStorage({
      endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
      accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
      secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
    });
    for (const suffix of ['prod', 'beta', 'characters']) {
      await storage.client.removeBucket(`${prefix}-${suffix}`).catch(() => undefined);
    }
  });

  // Own buckets and queues: a worker on the default queue would take jobs from a running site.
  expectServiceBoots(
    'files',
    (env) =>
      start({
        ...env,
        FILES_BUCKET_PREFIX: prefix,
        FILES_UPLOAD_QUEUE: unique('files-upload-processing'),
        FILES_FINALISE_QUEUE: unique('files-beta-finalisation'),
      }),
    ['minio'],
  );
});
