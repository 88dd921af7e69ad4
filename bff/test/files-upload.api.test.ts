import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { start as startFiles, type FilesService } from '../../services/files/src/server';
import { writeZip } from '../../services/files/src/formats';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(180_000);

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex').toUpperCase();
const tag = () => Math.random().toString(36).slice(2, 10);

/** A multipart body streamed in 1 MiB chunks (chunked encoding: neither side can know the length up front). */
function multipartStream(name: string, bytes: Buffer, boundary: string): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let at = -1;
  return new ReadableStream({
    pull(controller) {
      if (at === -1) {
        controller.enqueue(head);
        at = 0;
      } else if (at < bytes.length) {
        controller.enqueue(bytes.subarray(at, at + (1 << 20)));
        at += 1 << 20;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

describe('uploads through the BFF to the real files service', () => {
  let identity: TestIdentity;
  let files: FilesService;
  let bff: RunningBff;
  let admin: string;
  const limit = 70 * 1024 * 1024;

  beforeAll(async () => {
    identity = await startTestIdentity();
    files = await startFiles(
      testEnv('files', {
        JWKS_URL: identity.jwksUrl,
        FILES_BUCKET_PREFIX: `test-bff-files-${tag()}`,
        FILES_UPLOAD_QUEUE: `files-upload-processing-${tag()}`,
        FILES_FINALISE_QUEUE: `files-beta-finalisation-${tag()}`,
        FILES_MAX_UPLOAD_BYTES: String(limit),
      }),
    );
    bff = await start({ ...testEnv('bff'), FILES_URL: files.url, FRONTEND_DIST: os.tmpdir() });
    admin = await identity.token({ username: 'Ada', roles: ['admin'] });
  }, 60_000);

  afterAll(async () => {
    await bff?.stop();
    for (const bucket of [
      files.bucketFor('prod'),
      files.bucketFor('beta'),
      `${files.bucketFor('prod').slice(0, -5)}-characters`,
    ]) {
      for (const o of await files.storage.list(bucket).catch(() => [])) await files.storage.remove(bucket, o.key);
      await files.storage.client.removeBucket(bucket).catch(() => undefined);
    }
    await files?.mongo.dropDatabase().catch(() => undefined);
    await files?.stop();
    await identity?.close();
  });

  const post = (body: ReadableStream<Uint8Array>, boundary: string) =>
    fetch(`${bff.url}/api/File?branch=prod`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);

  it('when a 64 MiB file is streamed through /api/file, then the service stores, validates and serves the same bytes', async () => {
    const zip = writeZip([{ name: 'GrimLeagueLauncher.exe', data: randomBytes(64 << 20), store: true }]);
    const res = await post(multipartStream('Launcher.zip', zip, 'b1'), 'b1');
    expect(res.status).toBe(200);
    const record = (await res.json()) as { status: string; md5: string; size: number };
    expect(record).toMatchObject({ status: 'ready', md5: md5(zip), size: zip.length });
    const list = (await (await fetch(`${bff.url}/api/file/filenames?v=v1`)).json()) as {
      modFiles: Array<{ downloadUrl: string }>;
    };
    const download = Buffer.from(await (await fetch(list.modFiles[0]!.downloadUrl)).arrayBuffer());
    expect(md5(download)).toBe(md5(zip));
  });

  it('when a streamed upload passes the limit, then the caller gets the 413 through the BFF and nothing is stored', async () => {
    const before = await files.repo.files.countDocuments();
    const res = await post(multipartStream('Huge.zip', Buffer.alloc(limit + (8 << 20), 1), 'b2'), 'b2').catch(
      (err: Error) => err,
    );
    if (res instanceof Error) throw res;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/upload limit/);
    expect(await files.repo.files.countDocuments()).toBe(before);
  });
});
