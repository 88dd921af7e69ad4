import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeZip } from '../src/formats';
import { eventually, getJson, md5, startChild, startHarness, upload, type Harness } from './support/harness';

jest.setTimeout(180_000);

describe('an upload-processing worker killed mid-job', () => {
  let h: Harness;
  const childTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'files-crash-'));
  beforeAll(async () => {
    h = await startHarness({ FILES_JOB_LOCK_MS: '2000', FILES_UPLOAD_WAIT_MS: '0' });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
    fs.rmSync(childTmp, { recursive: true, force: true });
  });

  it('when the process validating an upload dies, then another worker takes the job over and the file becomes ready', async () => {
    await h.svc.workers.uploads.pause();
    const { child, url } = await startChild({ ...h.env, FILES_TMP_DIR: childTmp });
    try {
      const zip = writeZip([{ name: 'blob.bin', data: randomBytes(48 << 20), store: true }]);
      const res = await upload({ ...h, svc: { ...h.svc, url } }, 'Crash.zip', zip);
      expect(res.body.status).toBe('processing');
      // The child is mid-job once its temp copy exists.
      await eventually(async () => fs.readdirSync(childTmp).length > 0, 30_000);
      child.kill('SIGKILL');
      expect((await h.svc.repo.get(String(res.body.id)))!.status).toBe('processing');

      h.svc.workers.uploads.resume();
      const done = await eventually(async () => {
        const r = (await getJson(h, `/file/uploads/${String(res.body.id)}`, h.admin)).body as { status: string };
        return r.status !== 'processing' && r;
      }, 60_000);
      expect(done).toMatchObject({ status: 'ready', md5: md5(zip), size: zip.length });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
