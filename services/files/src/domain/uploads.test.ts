import os from 'node:os';
import { createLogger, type ObjectStorage, type OutboxRelay, type TypedQueue } from '@league/platform';
import type { FileRepository, FileVersion } from '../data/file.repository';
import { UPLOAD_JOB_OPTIONS } from '../workers/upload-processing.worker';
import { Uploads, type UploadJob } from './uploads';

// Processing an upload while storage is unreachable (found by the reliability phase's MinIO round: a valid
// upload was refused after 3 quick attempts and its object stayed in the bucket).
const version = {
  _id: 'f1',
  status: 'processing',
  bucket: 'files-beta',
  objectKey: 'files/f1',
  extension: '.zip',
} as unknown as FileVersion;

function setup() {
  const failed: string[] = [];
  const removed: string[] = [];
  const repo = {
    get: async () => version,
    markFailed: async (id: string, reason: string) => (failed.push(`${id}: ${reason}`), true),
  } as unknown as FileRepository;
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
  const storage = {
    getStream: async () => Promise.reject(refused),
    remove: async (bucket: string, key: string) => void removed.push(`${bucket}/${key}`),
    client: { removeIncompleteUpload: async () => undefined },
  } as unknown as ObjectStorage;
  const uploads = new Uploads(
    repo,
    storage,
    {} as TypedQueue<UploadJob>,
    {} as OutboxRelay,
    { maxBytes: 1 << 20, waitMs: 0, tmpDir: os.tmpdir(), bucketFor: (b) => `files-${b}` },
    createLogger('files', 'silent'),
  );
  return { uploads, failed, removed };
}

test('when storage is unreachable before the last attempt, then the upload stays processing with its object, for the job to run again', async () => {
  const { uploads, failed, removed } = setup();
  await expect(uploads.process('f1', false)).rejects.toThrow('ECONNREFUSED');
  expect([failed, removed]).toEqual([[], []]);
});

test('when the last attempt fails too, then the upload is refused with the reason and its object removed', async () => {
  const { uploads, failed, removed } = setup();
  await expect(uploads.process('f1', true)).rejects.toThrow('ECONNREFUSED');
  expect(failed).toEqual(['f1: The file could not be processed: connect ECONNREFUSED 127.0.0.1:9000']);
  expect(removed).toEqual(['files-beta/files/f1']);
});

test('the upload job is retried for over a minute before its last attempt (a storage or database restart is waited out)', () => {
  const { attempts, backoff } = UPLOAD_JOB_OPTIONS;
  const waits = Array.from({ length: attempts - 1 }, (_, i) => backoff.delay * 2 ** i);
  expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(60_000);
});
