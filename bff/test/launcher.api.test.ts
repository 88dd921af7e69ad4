import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  deletePrefixedTopics,
  eventually,
  startTestIdentity,
  testEnv,
  type TestIdentity,
} from '@league/platform/testing';
import { HubClient, LauncherClient, multipart } from '@league/gameclient';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import {
  QUEUE_TAB,
  readPlayer,
  readStash,
  stashItemToLauncher,
  takeUploadedItems,
  UPLOAD_TAB,
  writeStash,
  writeTagsFile,
  defaultItemSize,
} from '@league/gamefiles';
import { start as startChat, type RunningChat } from '../../services/chat/src/server';
import { start as startFiles, type FilesService } from '../../services/files/src/server';
import { seedDemo } from '../../services/season/src/data/seed';
import { instanceIdentity } from '../../services/season/src/domain/stash/instances';
import { resolveItem } from '../../services/season/src/domain/stash/records';
import { start as startSeason, type SeasonService } from '../../services/season/src/server';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(120_000);

const GD = path.resolve(__dirname, '../../packages/gamefiles/test/fixtures/gd');
const fixture = (p: string) => fs.readFileSync(path.join(GD, p));
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex').toUpperCase();

/** The launcher's hub and REST calls through the BFF, against season, files and chat on the real engines. */
describe('the launcher API through the BFF', () => {
  let identity: TestIdentity;
  let season: SeasonService;
  let files: FilesService;
  let chat: RunningChat;
  let bff: RunningBff;
  const run = Math.random().toString(36).slice(2, 8);
  // Topics of its own: participant ids are only unique within one season database, and another test's season
  // announcing its participant 5 on the shared topic would make the files service here give 5 to someone else.
  const topics = { KAFKA_TOPIC_PREFIX: `t-launcher-${run}.` };
  const hubs: HubClient[] = [];

  beforeAll(async () => {
    identity = await startTestIdentity();
    const jwks = { JWKS_URL: identity.jwksUrl };
    season = await startSeason(
      testEnv('season', {
        ...jwks,
        ...topics,
        SEASON_CONSUMER_GROUP: `launcher-season-${run}`,
        KAFKA_CLIENT_ID: `ls-${run}`,
      }),
    );
    await seedDemo(season.mongo, { season7StartsNow: true, participantsPerLadder: 0 });
    files = await startFiles(
      testEnv('files', {
        ...jwks,
        ...topics,
        FILES_DEMO_SEED: 'false',
        KAFKA_CLIENT_ID: `lf-${run}`,
        FILES_CONSUMER_GROUP: `launcher-files-${run}`,
      }),
    );
    chat = await startChat(
      testEnv('chat', {
        ...jwks,
        ...topics,
        CHAT_REDIS_PREFIX: `test-launcher-${run}:`,
        KAFKA_CLIENT_ID: `lc-${run}`,
        CHAT_CONSUMER_GROUP: `launcher-chat-${run}`,
      }),
    );
    bff = await start({
      ...testEnv('bff'),
      SEASON_URL: season.url,
      FILES_URL: files.url,
      CHAT_URL: chat.url,
      FRONTEND_DIST: os.tmpdir(),
    });
  }, 120_000);

  afterAll(async () => {
    for (const h of hubs) h.close();
    await bff?.stop();
    await chat?.stop();
    await files?.stop();
    await season?.mongo.dropDatabase().catch(() => undefined);
    await season?.stop();
    await identity?.close();
    await deletePrefixedTopics(topics.KAFKA_TOPIC_PREFIX);
  });

  const hub = async () => {
    const h = new HubClient(`${bff.url.replace(/^http/, 'ws')}/api/`);
    hubs.push(h);
    await h.connect();
    return h;
  };
  const client = async (username: string, roles: string[] = []) => {
    const c = new LauncherClient(`${bff.url}/api/`);
    c.token = await identity.token({ username, roles });
    return c;
  };
  const rest = async (
    method: string,
    p: string,
    token?: string,
    body?: Buffer | string | Uint8Array,
    type?: string,
  ) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (type) headers['content-type'] = type;
    const res = await fetch(`${bff.url}/api/${p}`, { method, headers, body });
    return { status: res.status, text: await res.text() };
  };
  const join = async (username: string, seasonId: number) => {
    const c = await client(username);
    const { seasonParticipantId } = await c.addParticipant(seasonId, username);
    // The files service learns the owner from season's participant-joined event (eventually consistent).
    await eventually(async () => {
      const res = await fetch(`${files.url}/file/participants/${seasonParticipantId}/files/tags.gst`, {
        headers: { authorization: `Bearer ${c.token!}` },
      });
      return res.status !== 403;
    }, 90_000);
    return { c, pid: seasonParticipantId, token: c.token! };
  };

  it('when the launcher drives the hub, then each method pushes its event (then completes) and betas are for testers', async () => {
    const h = await hub();
    expect(await h.invoke('GetLatestSeasonName', 'prod')).toBe('GrimLeagueS07');
    const player = await identity.token({ username: `hubp${run}` });
    const seasons = (await h.invoke('GetLatestSeason', player, false, 'beta')) as string[];
    const parsed = seasons.map((s) => JSON.parse(s) as Record<string, unknown>);
    expect(parsed.map((s) => s.SeasonId).sort()).toEqual([18, 19]); // a player asking for beta stays on prod
    for (const s of parsed) {
      expect(Object.keys(s).sort()).toEqual(['DisplayName', 'ModName', 'ParticipationTag', 'SeasonId', 'SeasonTypeId']);
      expect(typeof s.ParticipationTag).toBe('string');
    }
    const tester = await identity.token({ username: `hubt${run}`, roles: ['tester'] });
    const beta = ((await h.invoke('GetLatestSeason', tester, false, 'beta')) as string[]).map(
      (s) => (JSON.parse(s) as { SeasonId: number }).SeasonId,
    );
    expect(beta.sort()).toEqual([16, 17]);
    expect(await h.invoke('GetLeagueFiles', player, 'prod')).toEqual([]); // no mod files uploaded here
    expect(await h.invoke('GetLauncherFile', player, 'prod')).toBe(''); // no launcher uploaded
    const chatUrl = (await h.invoke('GetChatUrl')) as string;
    expect(chatUrl).toMatch(new RegExp(`^${bff.url}/api/chat/t/[^/]+/$`));
    // C + "chat/mute-list" answers for that user through the same BFF.
    expect((await fetch(`${chatUrl}chat/mute-list`)).status).toBe(200);
    await expect(h.invoke('NoSuchMethod')).rejects.toThrow(/NoSuchMethod/);
  });

  it('when the official SignalR client (no negotiate, WebSockets) asks for the latest season name, then the event carries it', async () => {
    const conn = new HubConnectionBuilder()
      .withUrl(`${bff.url}/api/`, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const names: unknown[] = [];
    conn.on('GetLatestSeasonName', (name: unknown) => names.push(name));
    await conn.start();
    try {
      expect(await conn.invoke('GetLatestSeasonName', 'prod')).toBeNull();
      expect(names).toEqual(['GrimLeagueS07']);
    } finally {
      await conn.stop();
    }
  });

  it('when a fresh hub connection asks for the chat URL before any login, then it pushes an empty string', async () => {
    const h = await hub();
    expect(await h.invoke('GetChatUrl')).toBe('');
  });

  it('when an unknown WebSocket path is opened, then it is refused while /api/ is the hub', async () => {
    const bad = new HubClient(`${bff.url.replace(/^http/, 'ws')}/api/nope`, 3_000);
    await expect(bad.connect()).rejects.toThrow();
    bad.close();
  });

  it('when a new player reads the launcher profile, then 204; after the older add-participant, 200 with the launcher shape', async () => {
    const name = `prof${run}`;
    const token = await identity.token({ username: name });
    expect((await rest('GET', 'Season/profile?branch=prod', token)).status).toBe(204);
    expect((await rest('GET', 'season/profile?branch=prod', token)).status).toBe(200); // the site keeps its 200
    expect((await rest('GET', 'Season/profile')).status).toBe(401);
    expect((await rest('POST', `Season/18/add-participant/someoneelse${run}?branch=prod`, token)).status).toBe(403);
    const joined = await rest('POST', `Season/18/add-participant/${name}?branch=prod`, token);
    expect(joined.status).toBe(200);
    const pid = (JSON.parse(joined.text) as { seasonParticipantId: number }).seasonParticipantId;
    const profile = await rest('GET', 'Season/profile?branch=prod', token);
    expect(profile.status).toBe(200);
    expect(JSON.parse(profile.text)).toMatchObject({
      seasonParticipants: [{ seasonParticipantId: pid, season: { seasonTypeId: 1 } }],
    });
    const challenges = await rest('GET', 'Admin/season/18/challenges', token);
    expect(challenges.status).toBe(200);
    const list = JSON.parse(challenges.text) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    for (const ch of list) {
      expect(typeof ch.seasonChallengeId).toBe('number');
      for (const k of ['categoryName', 'challengeName', 'difficulties']) expect(typeof ch[k]).toBe('string');
      expect(ch).toHaveProperty('maxLevel');
      expect(ch).toHaveProperty('pointValue');
    }
    const standing = await rest('GET', `Season/participant/${pid}/standing`);
    expect(standing.status).toBe(200);
    expect(Object.keys(JSON.parse(standing.text) as object).sort()).toEqual(['pointTotal', 'rank']);
  });

  it('when a hardcore save is uploaded alive, then dead twice, then the character, its file and the kill tracker follow (once)', async () => {
    const name = `hc${run}`;
    const { c, pid, token } = await join(name, 19);
    expect(await c.characters(pid)).toEqual([]);
    const alive = fixture('yagde/_TestMain121/player.gdc');
    const dead = fixture('dead/_TestMain121/player.gdc');
    const charName = readPlayer(alive).header.name;
    expect(await c.character(pid, charName)).toBeUndefined(); // 204
    const info = () => ({
      characterData: { characterInfo: { name: charName, hardcore: 1 }, questInfo: {} },
      seasonParticipantId: pid,
      participantCharacterId: 0,
    });
    await c.uploadCharacter(pid, info() as never, alive, true);
    expect(await c.characters(pid)).toEqual([charName]);
    expect(await c.character(pid, charName)).toEqual({
      participantCharacterId: expect.any(Number),
      lastChecksum: md5(alive),
    });
    expect(Buffer.compare((await c.characterFile(pid, charName))!, alive)).toBe(0);

    const before = await rest('GET', 'season/19/kill-tracker');
    const tally = (text: string) =>
      (JSON.parse(text) as Array<{ killedBy: string; killedCount: number }>).find(
        (r) => r.killedBy === 'tagGDX2Boss_Final01',
      )?.killedCount ?? 0;
    await c.uploadCharacter(pid, info() as never, dead);
    await c.uploadCharacter(pid, info() as never, dead); // the same save again adds nothing
    const after = await rest('GET', 'season/19/kill-tracker');
    expect(tally(after.text) - tally(before.text)).toBe(1);
    expect((await c.character(pid, charName))!.lastChecksum).toBe(md5(dead));

    const admin = await identity.token({ username: `adm${run}`, roles: ['admin'] });
    const data = await rest('GET', `season/participant/${pid}/character-data`, admin);
    expect(data.status).toBe(200);
    expect(JSON.parse(data.text)).toEqual({
      characters: [{ name: charName, className: expect.any(String), level: 100, hardcore: true, deathCount: 3 }],
      killedBy: [{ killedBy: 'tagGDX2Boss_Final01', killedCount: 1 }],
    });
    expect((await rest('GET', `season/participant/${pid}/character-data`, token)).status).toBe(403);

    await c.deleteCharacter(pid, charName);
    expect(await c.characters(pid)).toEqual([]);
  });

  it('when uploads are bad or not the caller’s, then 400/401/403/404 with a message and nothing changes', async () => {
    const { c, pid, token } = await join(`bad${run}`, 18);
    const other = await identity.token({ username: `other${run}` });
    const alive = fixture('gd-cli/player.gdc');
    const upload = (tok: string | undefined, file: Buffer, character: unknown = {}) => {
      const { body, contentType } = multipart([
        { name: 'character', json: character },
        { name: 'file', filename: 'player.gdc', data: file },
      ]);
      return rest('POST', `Season/participant/${pid}/character?branch=prod`, tok, body as never, contentType);
    };
    const truncated = await upload(token, alive.subarray(0, 200));
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.text).message).toEqual(expect.any(String));
    const mismatch = await upload(token, alive, { characterData: { characterInfo: { name: 'Somebody Else' } } });
    expect(mismatch.status).toBe(400);
    expect((await upload(undefined, alive)).status).toBe(401);
    expect((await upload(other, alive)).status).toBe(403);
    expect((await rest('GET', `Season/participant/99999999/characters`, token)).status).toBe(404);
    expect((await rest('GET', `Season/participant/${pid}/characters`, other)).status).toBe(403);
    expect(await c.characters(pid)).toEqual([]);
    const notStash = multipart([
      { name: 'sharedstash', json: null },
      { name: 'file', filename: 'transfer.gst', data: alive },
    ]);
    expect(
      (
        await rest(
          'POST',
          `Season/participant/${pid}/shared-stash`,
          token,
          notStash.body as never,
          notStash.contentType,
        )
      ).status,
    ).toBe(400);
    expect((await rest('GET', `Season/participant/${pid}/character/x/questfile/Hell`, token)).status).toBe(400);
    expect(
      (await rest('POST', `Season/participant/${pid}/quest-tag/notatoken`, token, '{}', 'application/json')).status,
    ).toBe(400);
    expect(
      (await rest('POST', `Season/participant/${pid}/quest-tag/gdl_nope_zz`, token, '{}', 'application/json')).status,
    ).toBe(404);
  });

  it('when quest files, tags and the shared stash are stored, then they come back raw; a quest token completes its challenge', async () => {
    const { c, pid, token } = await join(`files${run}`, 18);
    expect((await rest('GET', `Season/participant/${pid}/shared-stash/file?branch=prod`, token)).status).toBe(204);
    // Its tab-6 items re-seeded: they are other instances than the real stash's, which the shared-stash tests
    // below upload in this season as the first copies (a copy of an instance the season holds is held).
    const real = readStash(fixture('gd-cli/transfer.gst'));
    real.tabs[UPLOAD_TAB]!.items = real.tabs[UPLOAD_TAB]!.items.map((it, i) => ({ ...it, seed: 3_000_000 + i }));
    const stash = Buffer.from(writeStash(real));
    await c.uploadSharedStash(pid, stash);
    // Stored rewritten: tab 6 went to the cloud stash, the rest is byte for byte the upload.
    const expected = Buffer.from(writeStash(takeUploadedItems(readStash(stash)).stash));
    expect(Buffer.compare((await c.sharedStashFile(pid))!, expected)).toBe(0);

    const quests = Buffer.from('not parsed: the launcher keeps it raw');
    await c.uploadQuestFile(pid, 'Hero', 'Elite', quests);
    const q = await fetch(`${bff.url}/api/Season/participant/${pid}/character/Hero/questfile/Elite?branch=prod`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(q.status).toBe(200);
    expect(Buffer.from(await q.arrayBuffer()).toString()).toBe(quests.toString());
    expect((await rest('GET', `Season/participant/${pid}/character/Hero/mapfowfile/Normal`, token)).status).toBe(204);

    const tags = Buffer.from(writeTagsFile(['GDIP_ONE', 'GDIP_TWO']));
    const t = multipart([
      { name: 'tags', json: null },
      { name: 'file', filename: 'tags.gst', data: tags },
    ]);
    expect(
      (await rest('POST', `Season/participant/${pid}/tagsfile`, token, t.body as never, t.contentType)).status,
    ).toBe(200);
    const back = await fetch(`${bff.url}/api/Season/participant/${pid}/tagsfile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), tags)).toBe(0);
    const badTags = multipart([{ name: 'file', filename: 'tags.gst', data: Buffer.from([1, 2, 3]) }]);
    expect(
      (await rest('POST', `Season/participant/${pid}/tagsfile`, token, badTags.body as never, badTags.contentType))
        .status,
    ).toBe(400);

    await c.questTag(pid, 'gdl_s07_c01', { level: 20, currentDifficulty: 0, maxDifficulty: 0 } as never);
    const done = await rest('GET', `Season/18/participant-challenges/${pid}`, token);
    expect(done.status).toBe(200);
    expect((JSON.parse(done.text) as Array<{ seasonChallengeId: number }>).length).toBe(1);
  });

  describe('the shared-stash upload (tab 6 → cloud, transfer queue → tab 5)', () => {
    const stashFixture = fixture('gd-cli/transfer.gst');
    let shared: { pid: number; token: string } | undefined;
    const upload = (pid: number, token: string, file: Buffer, filename = 'transfer.gst') => {
      const m = multipart([
        { name: 'sharedstash', json: null },
        { name: 'file', filename, data: file },
      ]);
      return rest('POST', `Season/participant/${pid}/shared-stash?branch=prod`, token, m.body as never, m.contentType);
    };
    const cloud = async (pid: number, token: string) => {
      const page = await rest('GET', `season/participant/${pid}/stash?pageSize=100`, token);
      expect(page.status).toBe(200);
      const queue = await rest('GET', `Season/participant/${pid}/transfer-queue?branch=prod`, token);
      expect(queue.status).toBe(200);
      return {
        page: JSON.parse(page.text) as { items: Array<{ participantItemId: number }>; itemCount: number },
        queue: JSON.parse(queue.text) as Array<{ participantItemId: number; name: string; itemSeed: number }>,
      };
    };
    const storedFile = async (pid: number, token: string) => {
      const res = await fetch(`${bff.url}/api/Season/participant/${pid}/shared-stash/file?branch=prod`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const overlaps = (file: Buffer) => {
      const tab = readStash(file).tabs[QUEUE_TAB]!;
      const cells = new Set<string>();
      let clashes = 0;
      for (const it of tab.items) {
        const s = defaultItemSize(it.baseName);
        for (let y = it.y; y < it.y + s.height; y++)
          for (let x = it.x; x < it.x + s.width; x++) {
            if (cells.has(`${x},${y}`)) clashes++;
            cells.add(`${x},${y}`);
          }
      }
      return clashes;
    };

    it('when the real stash is uploaded, then its 40 tab-6 items are in the cloud; queued items land in tab 5 once, and the same file again changes nothing', async () => {
      const { pid, token } = await join(`ss${run}`, 18);
      shared = { pid, token };
      const tab6 = readStash(stashFixture).tabs[UPLOAD_TAB]!.items;
      expect(tab6.length).toBe(40);
      const tab5Before = readStash(stashFixture).tabs[QUEUE_TAB]!.items.length;

      expect((await upload(pid, token, stashFixture)).status).toBe(200);
      const first = await cloud(pid, token);
      expect(first.page.itemCount).toBe(40);
      expect(first.queue).toEqual([]);
      const stored1 = readStash(await storedFile(pid, token));
      expect(stored1.tabs[UPLOAD_TAB]!.items).toEqual([]);
      expect(stored1.tabs[QUEUE_TAB]!.items.length).toBe(tab5Before);

      // The same file again: the identical batch is stored once, the stored file is the same.
      expect((await upload(pid, token, stashFixture)).status).toBe(200);
      expect((await cloud(pid, token)).page.itemCount).toBe(40);

      // Queue two items; the next upload writes them into tab 5 and pulls them.
      const ids = first.page.items.slice(0, 2).map((i) => i.participantItemId);
      for (const id of ids) {
        const t = await rest('POST', `season/participant/${pid}/toggle-transfer/${id}?branch=prod`, token);
        expect(t.status).toBe(200);
      }
      const queued = (await cloud(pid, token)).queue;
      expect(queued.map((q) => q.participantItemId).sort()).toEqual([...ids].sort());

      expect((await upload(pid, token, stashFixture)).status).toBe(200);
      const after = await cloud(pid, token);
      expect(after.queue).toEqual([]);
      expect(after.page.itemCount).toBe(38);
      const file2 = await storedFile(pid, token);
      const stored2 = readStash(file2);
      expect(stored2.tabs[UPLOAD_TAB]!.items).toEqual([]);
      const tab5 = stored2.tabs[QUEUE_TAB]!.items;
      expect(tab5.length).toBe(tab5Before + 2);
      const seeds = tab5.map((i) => stashItemToLauncher(i).itemSeed);
      for (const q of queued) expect(seeds.filter((s) => s === q.itemSeed).length).toBeGreaterThanOrEqual(1);
      expect(overlaps(file2)).toBe(0);

      // The launcher puts the stored file back into the game and uploads it: nothing moves, nothing doubles.
      expect((await upload(pid, token, file2)).status).toBe(200);
      const again = await cloud(pid, token);
      expect(again.page.itemCount).toBe(38);
      expect(again.queue).toEqual([]);
      expect(Buffer.compare(await storedFile(pid, token), file2)).toBe(0);
    });

    it('when the stash file is truncated or the cloud stash is full, then 400 with a message and nothing is stored or dropped', async () => {
      // The participant of the test above (the files service already knows its owner).
      expect(shared).toBeDefined();
      const { pid, token } = shared!;
      const before = await storedFile(pid, token);
      const count = (await cloud(pid, token)).page.itemCount;

      const truncated = await upload(pid, token, stashFixture.subarray(0, stashFixture.length - 100));
      expect(truncated.status).toBe(400);
      expect(JSON.parse(truncated.text)).toEqual({ message: expect.any(String) });

      const base = stashItemToLauncher(readStash(stashFixture).tabs[UPLOAD_TAB]!.items[0]!);
      const fill = Array.from({ length: 250 - count }, (_, i) => ({ ...base, itemSeed: 1_000_000 + i, stackCount: 1 }));
      const filled = await rest(
        'POST',
        `Season/participant/${pid}/stash?branch=prod`,
        token,
        JSON.stringify(fill),
        'application/json',
      );
      expect(filled.status).toBe(200);
      expect((await cloud(pid, token)).page.itemCount).toBe(250);
      // A new batch (other seeds) in tab 6 no longer fits.
      const fresh = readStash(stashFixture);
      fresh.tabs[UPLOAD_TAB]!.items = fresh.tabs[UPLOAD_TAB]!.items.map((it, i) => ({ ...it, seed: 2_000_000 + i }));
      const full = await upload(pid, token, Buffer.from(writeStash(fresh)));
      expect(full.status).toBe(400);
      expect(JSON.parse(full.text)).toMatchObject({ message: expect.any(String) });
      expect((await cloud(pid, token)).page.itemCount).toBe(250);
      expect(Buffer.compare(await storedFile(pid, token), before)).toBe(0);
    });

    it('when a second player uploads the same real stash, then every copy with an identity is stored held, marked as come through the shared-stash upload', async () => {
      expect(shared).toBeDefined();
      const { pid, token } = await join(`sd${run}`, 18);
      expect((await upload(pid, token, stashFixture)).status).toBe(200);
      const items = (await cloud(pid, token)).page.items as Array<{ participantItemId: number; held?: boolean }>;
      expect(items).toHaveLength(40);
      // The first player's copies are in its cloud stash (38) or its game (2, pulled by the test above).
      const tab6 = readStash(stashFixture).tabs[UPLOAD_TAB]!.items.map(stashItemToLauncher);
      const withIdentity = tab6.filter(
        (i) => instanceIdentity(18, i, resolveItem(season.stash.records, i).itemDisplay.itemType) !== null,
      ).length;
      expect(withIdentity).toBeGreaterThan(10);
      expect(items.filter((i) => i.held)).toHaveLength(withIdentity);
      const admin = await identity.token({ username: `admin${run}`, roles: ['admin'] });
      const res = await fetch(`${season.url}/admin/duplicates?seasonId=18&pageSize=100`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const rows = (
        (await res.json()) as { items: Array<{ heldCopy: { seasonParticipantId: number; via: string } }> }
      ).items.filter((r) => r.heldCopy.seasonParticipantId === pid);
      expect(rows).toHaveLength(withIdentity);
      expect(rows.every((r) => r.heldCopy.via === 'shared-stash')).toBe(true);
    });
  });
});
