import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateZip } from '../src/formats';
import { md5, startHarness, type Harness } from './support/harness';
import yauzl from 'yauzl';

jest.setTimeout(120_000);

describe('character files', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  const url = (p: string) => `${h.svc.url}/file/participants/${p}`;
  const put = (p: string, body: Buffer, token = h.admin, type = 'application/octet-stream') =>
    fetch(url(p), { method: 'PUT', body, headers: { authorization: `Bearer ${token}`, 'content-type': type } });
  const get = (p: string, token = h.admin) => fetch(url(p), { headers: { authorization: `Bearer ${token}` } });

  const player = randomBytes(5000);
  const questsElite = randomBytes(700);
  const fow = randomBytes(300);

  it('when files are stored per character and difficulty, then each reads back raw with its uppercase MD5', async () => {
    const stored = await put('p-7/characters/Alina/files/player.gdc', player);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({
      character: 'Alina',
      file: 'player.gdc',
      difficulty: null,
      md5: md5(player),
    });
    expect((await put('p-7/characters/Alina/files/quests.gdd?difficulty=Elite', questsElite)).status).toBe(200);
    expect((await put('p-7/characters/Alina/files/map.fow?difficulty=normal', fow)).status).toBe(200);
    expect((await put('p-7/files/transfer.gst', randomBytes(100))).status).toBe(200);

    const back = await get('p-7/characters/alina/files/player.gdc');
    expect(back.status).toBe(200);
    expect(back.headers.get('x-checksum')).toBe(md5(player));
    expect(Buffer.from(await back.arrayBuffer()).equals(player)).toBe(true);
    const quests = await get('p-7/characters/Alina/files/quests.gdd?difficulty=Elite');
    expect(Buffer.from(await quests.arrayBuffer()).equals(questsElite)).toBe(true);
    expect((await get('p-7/characters/Alina/files/quests.gdd?difficulty=Ultimate')).status).toBe(204);

    const list = (await (await get('p-7/character-files')).json()) as Array<{ file: string }>;
    expect(list.map((f) => f.file).sort()).toEqual(['map.fow', 'player.gdc', 'quests.gdd', 'transfer.gst']);
  });

  it('when a file is written again, then the new bytes replace the old ones and the old object is gone', async () => {
    const objectsBefore = (await h.svc.storage.list(`${h.env.FILES_BUCKET_PREFIX}-characters`)).length;
    const newer = randomBytes(6000);
    expect((await put('p-7/characters/Alina/files/player.gdc', newer)).status).toBe(200);
    expect(Buffer.from(await (await get('p-7/characters/Alina/files/player.gdc')).arrayBuffer()).equals(newer)).toBe(
      true,
    );
    expect((await h.svc.storage.list(`${h.env.FILES_BUCKET_PREFIX}-characters`)).length).toBe(objectsBefore);
  });

  it("when a character's folder is asked for, then it streams as a valid zip holding each file by difficulty", async () => {
    const res = await get('p-7/characters/Alina/folder');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = path.join(os.tmpdir(), `folder-${Date.now()}.zip`);
    fs.writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
    try {
      expect((await validateZip(zip)).entries).toBe(3);
      const names = await new Promise<string[]>((resolve, reject) =>
        yauzl.open(zip, { lazyEntries: false }, (err, z) => {
          if (err) return reject(err);
          const seen: string[] = [];
          z.on('entry', (e: yauzl.Entry) => seen.push(e.fileName));
          z.on('end', () => resolve(seen.sort()));
        }),
      );
      expect(names).toEqual(['Elite/quests.gdd', 'Normal/map.fow', 'player.gdc']);
    } finally {
      fs.rmSync(zip, { force: true });
    }
    expect((await get('p-7/characters/Nobody/folder')).status).toBe(204);
  });

  it('when the address or body is wrong or the caller neither owns the participant nor is an admin, then 400 / 403 with a message and nothing is stored', async () => {
    const cases: Array<[Promise<Response>, number, RegExp]> = [
      [put('p-7/characters/Alina/files/quests.gdd', randomBytes(10)), 400, /needs a difficulty/],
      [put('p-7/characters/Alina/files/evil.exe', randomBytes(10)), 400, /keeps only/],
      [put('p-7/files/player.gdc', randomBytes(10)), 400, /participant keeps only/],
      [put('p-7/characters/Alina/files/player.gdc', Buffer.from('{}'), h.admin, 'application/json'), 400, /raw body/],
      [put('p 7/files/tags.gst', randomBytes(10)), 400, /participantId/],
      [put('p-7/files/tags.gst', randomBytes(10), h.player), 403, /not yours/],
      [put('p-7/characters/Alina/files/player.gdc', Buffer.alloc(16 * 1024 * 1024 + 1)), 413, /at most/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const list = (await (await get('p-7/character-files')).json()) as Array<{ file: string }>;
    expect(list).toHaveLength(4);
  });
});
