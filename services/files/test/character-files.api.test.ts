import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { participantJoinedV1 } from '@league/contracts';
import { createLogger, EventBus } from '@league/platform';
import { deletePrefixedTopics, eventually } from '@league/platform/testing';
import { validateZip } from '../src/formats';
import { md5, startHarness, unique, type Harness } from './support/harness';
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

describe('character files of a participant joined a moment ago', () => {
  let h: Harness;
  let bus: EventBus;
  // Topics and a group of its own: the owners read model hears only this test's join.
  const prefix = `${unique('t-owners')}.`;
  beforeAll(async () => {
    h = await startHarness({ KAFKA_TOPIC_PREFIX: prefix, FILES_CONSUMER_GROUP: unique('owners') });
    bus = new EventBus({
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
      clientId: unique('owners-season'),
      logger: createLogger('test', 'silent'),
      topicPrefix: prefix,
    });
    await bus.connect();
  }, 60_000);
  afterAll(async () => {
    await bus?.disconnect();
    await h?.stop();
    await deletePrefixedTopics(prefix);
  });

  it('when the launcher stores a file right after the browser joined (no token of the join), then it is the player’s at once and still no one else’s', async () => {
    const join = (pid: number) =>
      bus.publish(
        participantJoinedV1,
        {
          seasonParticipantId: pid,
          seasonId: 7,
          userId: 'pip-id',
          username: 'Pip',
          joinedAt: new Date().toISOString(),
          seasonTypeId: 1,
        },
        String(pid),
      );
    const store = (pid: number) =>
      fetch(`${h.svc.url}/file/participants/${pid}/files/tags.gst`, {
        method: 'PUT',
        body: randomBytes(40),
        headers: { authorization: `Bearer ${h.player}`, 'content-type': 'application/octet-stream' },
      });
    // The topic is this test's own and new: its first join creates it, and the owners group is given its
    // partitions a moment later. Once a first join is applied, the group is consuming, as on a running site.
    const first = 900_000_000 + Math.floor(Math.random() * 99_999_999);
    await join(first);
    await eventually(async () => (await store(first)).status === 200, 30_000, 250);
    for (let i = 0; i < 5; i += 1) {
      const pid = 900_000_000 + Math.floor(Math.random() * 99_999_999);
      await join(pid);
      // At once: the owners group has not applied the join yet; the route catches up before it refuses.
      const mine = await store(pid);
      expect(mine.status).toBe(200);
      const theirs = await fetch(`${h.svc.url}/file/participants/${pid}/files/tags.gst`, {
        headers: { authorization: `Bearer ${h.tester}` },
      });
      expect(theirs.status).toBe(403);
      expect(((await theirs.json()) as { message: string }).message).toMatch(/not yours/);
    }
  });
});
