import http from 'node:http';
import { filePublishedV1 } from '@league/contracts';
import { writeZip } from '../src/formats';
import { flip, validArc, validArz, validZip } from './support/game-files';
import { awaitEvent, eventually, getJson, md5, sha256, startHarness, upload, type Harness } from './support/harness';

jest.setTimeout(120_000);

const MAX = 256 * 1024;

describe('uploads, processing and downloads', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      FILES_MAX_UPLOAD_BYTES: String(MAX),
      FILES_PUBLIC_URL_DE: 'http://localhost:9000',
    });
  }, 60_000);
  afterAll(() => h?.stop());

  const list = async (query = '', token?: string) =>
    (await getJson(h, `/file/filenames${query}`, token)).body as {
      modFiles: Array<{ fileName: string; modName: string; size: number; downloadUrl: string }>;
      launcherFile: { fileName: string; version: string; size: number; downloadUrl: string } | null;
    };

  it('when an admin uploads a valid .arz, then it is ready with its digests, listed, published, and the presigned download returns the same bytes', async () => {
    const bytes = validArz(1);
    const res = await upload(h, 'GrimLeagueS07.arz', bytes, { modName: 'GrimLeagueS07' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'GrimLeagueS07.arz',
      kind: 'mod',
      branch: 'prod',
      modName: 'GrimLeagueS07',
      status: 'ready',
      errorMessage: null,
      size: bytes.length,
      md5: md5(bytes),
      sha256: sha256(bytes),
    });
    const listed = await list();
    const entry = listed.modFiles.find((f) => f.fileName === 'GrimLeagueS07.arz')!;
    expect(entry).toMatchObject({ modName: 'GrimLeagueS07', size: bytes.length });
    const download = await fetch(entry.downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('GrimLeagueS07.arz');

    const byName = (await getJson(h, '/file/grimleagues07.ARZ')).body as { downloadUrl: string };
    expect(Buffer.from(await (await fetch(byName.downloadUrl)).arrayBuffer()).equals(bytes)).toBe(true);

    const [event] = await awaitEvent<{ fileId: string; md5: string }>(
      filePublishedV1.topic,
      (e) => e.data.fileId === res.body.id,
    );
    expect(event!.data).toMatchObject({ fileName: 'GrimLeagueS07.arz', branch: 'prod', md5: md5(bytes) });
  });

  it('when a valid .arc and a launcher zip are uploaded, then both are served and the launcher data carries version and uppercase MD5', async () => {
    const arc = validArc(2);
    expect((await upload(h, 'Text_EN.arc', arc, { modName: 'GrimLeagueS07' })).body.status).toBe('ready');
    const zip = validZip(3);
    const launcher = await upload(h, 'GrimLeagueLauncher.zip', zip, {}, '?version=1.4.3&branch=prod');
    expect(launcher.body).toMatchObject({ kind: 'launcher', version: '1.4.3', status: 'ready' });

    const listed = await list('?v=v1&branch=prod');
    expect(listed.launcherFile).toMatchObject({
      fileName: 'GrimLeagueLauncher.zip',
      version: '1.4.3',
      size: zip.length,
    });
    const { downloadUrl } = (await getJson(h, '/file/launcher?region=us')).body as { downloadUrl: string };
    expect(Buffer.from(await (await fetch(downloadUrl)).arrayBuffer()).equals(zip)).toBe(true);

    const hub = await getJson(h, '/file/launcher-file?branch=prod', h.player);
    expect(hub.body).toMatchObject({
      FileName: 'GrimLeagueLauncher.zip',
      FileSize: zip.length,
      Checksum: md5(zip),
      Version: '1.4.3',
    });
    const league = (await getJson(h, '/file/league-files', h.player)).body as Array<{ FileName: string }>;
    expect(league.map((f) => f.FileName).sort()).toEqual(expect.arrayContaining(['GrimLeagueS07.arz', 'Text_EN.arc']));
    expect(league.map((f) => f.FileName)).not.toContain('GrimLeagueLauncher.zip');
  });

  it('when a region is asked for, then the URL is signed for that region’s public endpoint and still downloads', async () => {
    const listed = await list('?region=de');
    const url = new URL(listed.modFiles[0]!.downloadUrl);
    expect(url.hostname).toBe('localhost');
    expect((await fetch(url)).status).toBe(200);
    expect(new URL((await list('?region=us')).modFiles[0]!.downloadUrl).hostname).toBe('127.0.0.1');
    const bad = await getJson(h, '/file/filenames?region=mars');
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/region/);
    expect((await getJson(h, '/file/filenames?v=v2')).status).toBe(400);
  });

  it.each([
    ['an .arz with a flipped record byte', 'Broken.arz', () => flip(validArz(4), 30), /record data checksum mismatch/],
    ['a truncated .arz', 'Short.arz', () => validArz(4).subarray(0, 50), /outside the file|too short/],
    [
      'an .arc whose entry has a wrong checksum',
      'Broken.arc',
      () => {
        const f = validArc(5);
        return flip(f, f.length - 2 * 44 + 16);
      },
      /tags_items.txt: checksum mismatch/,
    ],
    [
      'a zip with a traversal entry',
      'Evil.zip',
      () => writeZip([{ name: '../../evil.dll', data: Buffer.from('x') }]),
      /climbs out/,
    ],
    ['a zip with a flipped byte in a stored entry', 'Flipped.zip', () => flip(validZip(6), 30 + 22 + 10), /CRC-32/],
    ['an empty .zip file', 'Empty.zip', () => Buffer.alloc(0), /unreadable/],
  ])(
    'when %s is uploaded, then it is failed with the reason, never listed or downloadable',
    async (_what, name, make, reason) => {
      const res = await upload(h, name, make());
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('failed');
      expect(res.body.errorMessage).toMatch(reason);
      expect((await list()).modFiles.map((f) => f.fileName)).not.toContain(name);
      expect((await getJson(h, `/file/${name}`)).status).toBe(404);
      // The refused object is gone from storage; only the record with its reason stays.
      expect(await h.svc.storage.stat(h.svc.bucketFor('prod'), `files/${String(res.body.id)}`)).toBeUndefined();
    },
  );

  it('when a new version of a file is processing, then the previous one is still the one served until the new one is ready', async () => {
    const v1 = validArz(10);
    const v2 = validArz(11);
    expect((await upload(h, 'Switch.arz', v1)).body.status).toBe('ready');
    await h.svc.workers.uploads.pause();
    const pending = upload(h, 'Switch.arz', v2);
    await eventually(
      async () => (await h.svc.repo.files.countDocuments({ fileName: 'Switch.arz', status: 'processing' })) === 1,
    );
    const during = (await list()).modFiles.find((f) => f.fileName === 'Switch.arz')!;
    expect(Buffer.from(await (await fetch(during.downloadUrl)).arrayBuffer()).equals(v1)).toBe(true);
    h.svc.workers.uploads.resume();
    expect((await pending).body).toMatchObject({ status: 'ready', md5: md5(v2) });
    const after = (await list()).modFiles.filter((f) => f.fileName === 'Switch.arz');
    expect(after).toHaveLength(1);
    expect(Buffer.from(await (await fetch(after[0]!.downloadUrl)).arrayBuffer()).equals(v2)).toBe(true);
  });

  it('when the same upload is sent again (the client got no answer), then it is one version, and only other bytes or fields make a new one', async () => {
    const v1 = validArz(13);
    const records = () => h.svc.repo.files.find({ fileName: 'Again.arz' }).sort({ createdAt: 1 }).lean();
    const objects = async () =>
      (await h.svc.storage.list(h.svc.bucketFor('prod'))).map((o) => o.key).filter((k) => k.startsWith('files/'));
    const before = new Set(await objects());

    // Two copies at once (the first still in flight when the client gave up), then a third after both.
    await h.svc.workers.uploads.pause();
    const pair = [upload(h, 'Again.arz', v1, { modName: 'Again' }), upload(h, 'Again.arz', v1, { modName: 'Again' })];
    await eventually(async () => (await records()).length === 1);
    h.svc.workers.uploads.resume();
    const answers = await Promise.all(pair);
    const third = await upload(h, 'Again.arz', v1, { modName: 'Again' });
    const first = (await records())[0]!;
    expect([...answers, third].map((a) => [a.status, a.body.id, a.body.status])).toEqual([
      [200, first._id, 'ready'],
      [200, first._id, 'ready'],
      [200, first._id, 'ready'],
    ]);
    expect((await records()).map((r) => r.status)).toEqual(['ready']);
    // The copies' objects went: one object for the one version.
    expect((await objects()).filter((k) => !before.has(k))).toEqual([`files/${first._id}`]);

    // The same bytes under another mod name, other bytes, then the first bytes again: each a new version.
    expect((await upload(h, 'Again.arz', v1, { modName: 'Renamed' })).body.status).toBe('ready');
    expect((await upload(h, 'Again.arz', validArz(14), { modName: 'Renamed' })).body.status).toBe('ready');
    const back = await upload(h, 'Again.arz', v1, { modName: 'Renamed' });
    expect(back.body).toMatchObject({ status: 'ready', md5: md5(v1) });
    expect((await records()).map((r) => r.status)).toEqual(['superseded', 'superseded', 'superseded', 'ready']);
    const served = (await list()).modFiles.find((f) => f.fileName === 'Again.arz')!;
    expect(Buffer.from(await (await fetch(served.downloadUrl)).arrayBuffer()).equals(v1)).toBe(true);
  });

  it('when a new version fails validation, then the previous version stays served', async () => {
    const v1 = validArc(12);
    expect((await upload(h, 'Keep.arc', v1)).body.status).toBe('ready');
    expect((await upload(h, 'Keep.arc', flip(v1, 0))).body.status).toBe('failed');
    const served = (await list()).modFiles.find((f) => f.fileName === 'Keep.arc')!;
    expect(Buffer.from(await (await fetch(served.downloadUrl)).arrayBuffer()).equals(v1)).toBe(true);
  });

  it('when the upload is not allowed, then it is 401 without a token and 403 for a non-admin, and nothing is stored', async () => {
    const before = await h.svc.repo.files.countDocuments();
    expect((await upload(h, 'A.arz', validArz(), {}, '', null)).status).toBe(401);
    const forbidden = await upload(h, 'A.arz', validArz(), {}, '', h.player);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/admin/);
    expect((await upload(h, 'A.arz', validArz(), {}, '', h.tester)).status).toBe(403);
    expect(await h.svc.repo.files.countDocuments()).toBe(before);
  });

  it('when the upload is malformed, then each case is a 400 with a message and nothing is stored', async () => {
    const before = await h.svc.repo.files.countDocuments();
    const objects = (await h.svc.storage.list(h.svc.bucketFor('prod'))).length;
    const cases: Array<[Promise<{ status: number; body: Record<string, unknown> }>, RegExp]> = [
      [upload(h, 'tool.exe', Buffer.from('MZ')), /Only .arc, .arz and .zip/],
      [upload(h, 'ok.zip', validZip(), { fileName: 'renamed.dll' }), /Only .arc, .arz and .zip/],
      [upload(h, 'bad;name.zip', validZip()), /not allowed/],
      [upload(h, 'a..b.zip', validZip()), /not allowed/],
      [upload(h, 'Launcher.zip', validZip(), { fileName: 'Launcher.zip' }, '?kind=launcher'), /needs a version/],
      [upload(h, 'x.zip', validZip(), {}, '?branch=staging'), /branch/],
      [upload(h, 'x.zip', validZip(), { branch: 'alpha' }), /branch/],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toMatch(message);
    }
    const json = await fetch(`${h.svc.url}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.admin}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append('modName', 'no file here');
    const noFile = await fetch(`${h.svc.url}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.admin}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { message: string }).message).toMatch(/no file part/);
    expect(await h.svc.repo.files.countDocuments()).toBe(before);
    expect((await h.svc.storage.list(h.svc.bucketFor('prod'))).length).toBe(objects);
  });

  /** Streams a multipart body of `size` file bytes in chunks, without a Content-Length (chunked encoding). */
  function streamUpload(size: number, contentLength?: number) {
    return new Promise<{ status: number; body: { message: string } }>((resolve, reject) => {
      const boundary = 'x-league-boundary';
      const req = http.request(`${h.svc.url}/file`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${h.admin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(contentLength ? { 'content-length': String(contentLength) } : {}),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as { message: string } }));
      });
      req.on('error', reject);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Huge.zip"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      let sent = 0;
      const chunk = Buffer.alloc(16 * 1024, 7);
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
  }

  it('when a streamed upload passes the size limit, then it is 413 and neither an object nor a record is left', async () => {
    const before = await h.svc.repo.files.countDocuments();
    const res = await streamUpload(MAX * 3);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than the 262144-byte upload limit/);
    const early = await streamUpload(MAX * 2, MAX * 2 + 500);
    expect(early.status).toBe(413);
    expect(await h.svc.repo.files.countDocuments()).toBe(before);
    const objects = await h.svc.storage.list(h.svc.bucketFor('prod'));
    const records = await h.svc.repo.files.find({}, { objectKey: 1 }).lean();
    const known = new Set(records.map((r) => r.objectKey));
    // Besides the uploads' objects the bucket holds the game-data worker's published sets (game-data/…).
    expect(objects.filter((o) => !known.has(o.key) && !o.key.startsWith('game-data/'))).toEqual([]);
  });
});
