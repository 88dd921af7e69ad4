import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { betaFinalizedV1 } from '@league/contracts';
import { writeZip } from '../src/formats';
import { validArc, validArz, validZip } from './support/game-files';
import {
  awaitEvent,
  eventually,
  getJson,
  md5,
  startChild,
  startHarness,
  upload,
  type Harness,
} from './support/harness';

jest.setTimeout(180_000);

type Status = { status: string; runId: string | null; promoted: string[]; message: string | null };
type Listing = {
  modFiles: Array<{ fileName: string; size: number; downloadUrl: string }>;
  launcherFile: { fileName: string; version: string; downloadUrl: string } | null;
};

const post = async (url: string, token: string) => {
  const res = await fetch(`${url}/file/finalize-beta`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Status & { message: string } };
};
const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('beta finalisation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('when beta has nothing ready, then finalising is a 409 and the status stays idle; a player gets 403', async () => {
    const res = await post(h.svc.url, h.admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/no ready files/);
    expect((await getJson(h, '/file/finalize-beta/status', h.admin)).body).toMatchObject({
      status: 'idle',
      runId: null,
    });
    expect((await post(h.svc.url, h.player)).status).toBe(403);
    expect((await getJson(h, '/file/finalize-beta/status', h.player)).status).toBe(403);
  });

  it('when beta files are uploaded, then only admins and testers see beta; others are served prod', async () => {
    const arz = validArz(21);
    expect((await upload(h, 'GrimLeagueS07.arz', arz, { modName: 'S07' }, '?branch=beta')).body.status).toBe('ready');
    expect((await upload(h, 'Text_EN.arc', validArc(22), { branch: 'beta' })).body).toMatchObject({
      status: 'ready',
      branch: 'beta',
    });
    expect((await upload(h, 'Launcher.zip', validZip(23), { version: '2.0.0', branch: 'beta' })).body.status).toBe(
      'ready',
    );
    const anonymous = (await getJson(h, '/file/filenames?branch=beta')).body as Listing;
    expect(anonymous.modFiles).toEqual([]);
    const tester = (await getJson(h, '/file/filenames?branch=beta', h.tester)).body as Listing;
    expect(tester.modFiles.map((f) => f.fileName)).toEqual(['GrimLeagueS07.arz', 'Text_EN.arc']);
    expect(tester.launcherFile).toMatchObject({ version: '2.0.0' });
  });

  it('when finalise is asked twice at once, then one run promotes beta to prod, both answers name it, and the event is published', async () => {
    // The worker waits until both answers are in: on a slow machine a run can otherwise finish before the
    // second request takes the lock, and that request then rightly starts a run of its own.
    await h.svc.workers.finalisation.pause();
    let a: Awaited<ReturnType<typeof post>>, b: Awaited<ReturnType<typeof post>>;
    try {
      [a, b] = await Promise.all([post(h.svc.url, h.admin), post(h.svc.url, h.admin)]);
    } finally {
      h.svc.workers.finalisation.resume();
    }
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.status).toBe('processing');
    expect(b.body.runId).toBe(a.body.runId);
    const done = await eventually(async () => {
      const s = (await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status;
      return s.status !== 'processing' && s;
    });
    expect(done).toMatchObject({ status: 'success', runId: a.body.runId, message: null });
    expect([...done.promoted].sort()).toEqual(['GrimLeagueS07.arz', 'Launcher.zip', 'Text_EN.arc']);

    const beta = (await getJson(h, '/file/filenames?branch=beta', h.admin)).body as Listing;
    const prod = (await getJson(h, '/file/filenames?branch=prod')).body as Listing;
    expect(prod.modFiles.map((f) => f.fileName)).toEqual(['GrimLeagueS07.arz', 'Text_EN.arc']);
    for (const f of prod.modFiles) {
      const fromBeta = beta.modFiles.find((x) => x.fileName === f.fileName)!;
      expect(new URL(f.downloadUrl).pathname).toContain(h.svc.bucketFor('prod'));
      expect((await bytesAt(f.downloadUrl)).equals(await bytesAt(fromBeta.downloadUrl))).toBe(true);
    }
    expect(prod.launcherFile).toMatchObject({ fileName: 'Launcher.zip', version: '2.0.0' });
    const events = await awaitEvent<{ runId: string; promoted: unknown[] }>(
      betaFinalizedV1.topic,
      (e) => e.data.runId === a.body.runId,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data.promoted).toHaveLength(3);
  });

  it('when beta is finalised again, then prod still serves one version per file (the newest)', async () => {
    const run = await post(h.svc.url, h.admin);
    await eventually(
      async () => ((await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status).status === 'success',
    );
    expect(((await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status).runId).toBe(run.body.runId);
    const prod = (await getJson(h, '/file/filenames')).body as Listing;
    expect(prod.modFiles).toHaveLength(2);
    const served = await h.svc.repo.served('prod');
    expect(served.every((v) => v._id.startsWith(run.body.runId!))).toBe(true);
    expect(await h.svc.repo.files.countDocuments({ branch: 'prod', status: 'superseded' })).toBe(3);
  });
  it('when beta is promoted, then the object store copies each object itself (no byte is read through the service)', async () => {
    const copy = jest.spyOn(h.svc.storage.client, 'copyObject');
    const read = jest.spyOn(h.svc.storage, 'getStream');
    try {
      const run = await post(h.svc.url, h.admin);
      expect(run.status).toBe(200);
      await eventually(
        async () => ((await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status).status === 'success',
      );
      const served = await h.svc.repo.served('prod');
      expect(served.map((v) => v.promotedFrom).every(Boolean)).toBe(true);
      expect(copy).toHaveBeenCalledTimes(3);
      for (const v of served) {
        expect(copy).toHaveBeenCalledWith(
          v.bucket,
          v.objectKey,
          expect.stringContaining(`/${h.svc.bucketFor('beta')}/`),
        );
        const stat = await h.svc.storage.stat(v.bucket, v.objectKey);
        expect(stat?.size).toBe(v.size);
      }
      // The only reads are the game-data worker's, extracting a database or text archive (it streams them to
      // its temp files): this promotion's, or the one before it, whose extraction may still be running when
      // this test starts watching. The promotion itself reads nothing.
      const archives = await h.svc.repo.files.find({ fileName: /\.(arz|arc)$/i }, { objectKey: 1 }).lean();
      const gameData = new Set(archives.map((v) => v.objectKey));
      expect(read.mock.calls.map(([, key]) => key).filter((key) => !gameData.has(key))).toEqual([]);
    } finally {
      copy.mockRestore();
      read.mockRestore();
    }
  });
});

describe('a finalisation worker killed mid-job', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ FILES_JOB_LOCK_MS: '2000' });
  }, 60_000);
  afterAll(() => h?.stop());

  it('when the process running the job dies, then another worker resumes it: every file promoted once, the run succeeds', async () => {
    // Files large enough that copying them all takes a while, so the kill lands mid-run.
    const names = Array.from({ length: 6 }, (_, i) => `Big${i}.zip`);
    const payloads = names.map(() => writeZip([{ name: 'blob.bin', data: randomBytes(4 << 20), store: true }]));
    for (const [i, name] of names.entries()) {
      expect((await upload(h, name, payloads[i]!, {}, '?branch=beta')).body.status).toBe('ready');
    }
    await h.svc.workers.finalisation.pause();
    const { child, url } = await startChild(h.env);
    try {
      const run = await post(url, h.admin);
      expect(run.body.status).toBe('processing');
      await eventually(async () => (await h.svc.repo.files.countDocuments({ branch: 'prod' })) >= 1, 30_000);
      child.kill('SIGKILL');
      const promotedBeforeKill = await h.svc.repo.files.countDocuments({ branch: 'prod' });
      expect(promotedBeforeKill).toBeLessThan(names.length);
      expect(((await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status).status).toBe('processing');

      h.svc.workers.finalisation.resume();
      const done = await eventually(async () => {
        const s = (await getJson(h, '/file/finalize-beta/status', h.admin)).body as Status;
        return s.status !== 'processing' && s;
      }, 60_000);
      expect(done).toMatchObject({ status: 'success', runId: run.body.runId });
      expect(await h.svc.repo.files.countDocuments({ branch: 'prod' })).toBe(names.length);
      const prod = (await getJson(h, '/file/filenames')).body as Listing;
      for (const [i, name] of names.entries()) {
        const f = prod.modFiles.find((x) => x.fileName === name)!;
        expect(md5(await bytesAt(f.downloadUrl))).toBe(md5(payloads[i]!));
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('the launcher base-game check', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      FILES_BASE_GAME_SIZES: 'database/database.arz=1000,gdx1/database/GDX1.arz=2000',
      FILES_REQUIRED_GAME_VERSION: '1.2.1.5',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  const check = (body: unknown, token: string | undefined = h.player) =>
    fetch(`${h.svc.url}/File/base-game/file-sizes?branch=prod`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('when the reported sizes match, then 200; when they differ, then 400 with the game version as plain text', async () => {
    const ok = await check([
      { filename: 'database\\database.arz', filesize: 1000 },
      { filename: 'gdx1/database/GDX1.arz', filesize: 2000 },
      { filename: 'gdx2/database/GDX2.arz', filesize: 3000 },
    ]);
    expect(ok.status).toBe(200);
    const bad = await check([
      { filename: 'database/database.arz', filesize: 999 },
      { filename: 'gdx1/database/GDX1.arz', filesize: 2000 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await bad.text()).toBe('1.2.1.5');
  });

  it('when the body is not a list of sizes or there is no token, then 400 with a message or 401', async () => {
    const res = await check({ filename: 'x' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Invalid body/);
    expect((await check([], '')).status).toBe(401);
  });
});

describe('the launcher base-game check of beta (beta stays secret)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      FILES_BASE_GAME_SIZES: 'database/database.arz=1000',
      FILES_REQUIRED_GAME_VERSION: '1.2.1.5',
      FILES_BASE_GAME_SIZES_BETA: 'database/database.arz=1100',
      FILES_REQUIRED_GAME_VERSION_BETA: '1.2.2.0-beta',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  const check = (filesize: number, token: string) =>
    fetch(`${h.svc.url}/File/base-game/file-sizes?branch=beta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify([{ filename: 'database/database.arz', filesize }]),
    });

  it('when a player asks with branch=beta, then they are checked against prod and never told beta’s version; a tester is checked against beta', async () => {
    const player = await check(1100, h.player);
    expect(player.status).toBe(400);
    expect(await player.text()).toBe('1.2.1.5');
    expect((await check(1000, h.player)).status).toBe(200);
    const tester = await check(1000, h.tester);
    expect(tester.status).toBe(400);
    expect(await tester.text()).toBe('1.2.2.0-beta');
    expect((await check(1100, h.tester)).status).toBe(200);
  });
});

describe('a finalisation job that BullMQ gave up on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('when its worker died on every attempt, then asking again ends the run as an error instead of processing for ever', async () => {
    const runId = randomUUID();
    await h.svc.workers.finalisation.pause();
    await h.svc.repo.startFinalisation(runId);
    // Stand-in for a worker that died on each attempt: the job ends failed without our handler finishing it.
    const queue = new Queue(h.env.FILES_FINALISE_QUEUE!, {
      connection: { url: h.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    });
    const dying = new Worker(
      h.env.FILES_FINALISE_QUEUE!,
      async () => {
        throw new Error('job stalled more than allowable limit');
      },
      { connection: { url: h.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } },
    );
    try {
      await queue.add('finalise', { requestId: 'test', payload: { runId } }, { jobId: runId, attempts: 1 });
      await eventually(async () => (await queue.getJob(runId))?.isFailed());
      const res = await post(h.svc.url, h.admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'error', runId });
      expect(res.body.message).toMatch(/stalled more than allowable limit/);
    } finally {
      await dying.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
