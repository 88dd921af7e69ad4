// The client against a recording HTTP + WebSocket server that answers as LAUNCHER-API.md says the league
// server does: checks the launcher's request shapes (paths, auth, multipart parts, JSON bodies) and the
// client's handling of 200 / 204 / 400.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { WebSocket, WebSocketServer } from 'ws';
import { readPlayer, readStash, UPLOAD_TAB, QUEUE_TAB, writeQuests, type LauncherItem } from '@league/gamefiles';
import {
  chatOnce,
  decodePairs,
  encodePairs,
  characterJson,
  checksum,
  LauncherClient,
  LauncherHttpError,
  pullQueue,
  uploadCharacter,
  uploadStashTab,
} from '@league/gameclient';
import { main } from '../src/cli';

const FIXTURES = path.join(__dirname, '../../../packages/gamefiles/test/fixtures/gd');
const gdc = fs.readFileSync(path.join(FIXTURES, 'gd-cli/player.gdc'));
const stashFile = fs.readFileSync(path.join(FIXTURES, 'gd-cli/transfer.gst'));

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) throw new Error('no boundary');
  const text = body.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of (head ?? '').split('\r\n')) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      return { headers, body: Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1') };
    });
}

const queueItem = (id: number): LauncherItem => ({
  name: 'records/items/gearaccessories/rings/c012_ring.dbr',
  prefix: '',
  suffix: '',
  modifier: '',
  illusion: '',
  component: '',
  completion: '',
  augment: '',
  itemSeed: 555 + id,
  componentSeed: 0,
  augmentSeed: 0,
  stackCount: 1,
  participantItemId: id,
});

let server: http.Server;
let wss: WebSocketServer;
let chatWss: WebSocketServer;
interface Reply {
  push: (name: string, args: unknown[]) => void;
  done: (result?: unknown) => void;
}
const hubCalls: string[] = [];
const chatJoins: unknown[][] = [];
const chatSends: unknown[][] = [];
let base: string;
const seen: Seen[] = [];
const state = { stashFull: false, queue: [] as LauncherItem[], knownCharacter: false };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      seen.push({
        method: req.method ?? '',
        url,
        auth: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      const send = (status: number, body?: unknown) => {
        res.statusCode = status;
        if (body === undefined) return res.end();
        res.setHeader('content-type', typeof body === 'string' ? 'text/plain' : 'application/json');
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const p = url.split('?')[0] ?? '';
      if (p === '/api/Account/login') {
        const { username, password } = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>;
        return username === 'player1' && password === 'pw'
          ? send(200, { access_token: 'tok', refresh_token: 'r', role: 'user' })
          : send(400, 'invalid_grant');
      }
      if (req.headers.authorization !== 'Bearer tok' && !p.endsWith('/standing')) return send(401);
      if (p === '/api/Season/profile')
        return send(200, { seasonParticipants: [{ seasonParticipantId: 42, season: { seasonTypeId: 1 } }] });
      if (p === '/api/Season/participant/42/characters') return send(200, ['Alina']);
      if (p === '/api/Season/participant/42/character/Alina')
        return state.knownCharacter ? send(200, { participantCharacterId: 7, lastChecksum: 'X' }) : send(204);
      if (p === '/api/Season/participant/42/character' && req.method === 'POST') return send(200);
      if (p === '/api/Season/participant/42/stash')
        return state.stashFull ? send(400, 'Cloud stash is full') : send(200);
      if (p === '/api/Season/participant/42/transfer-queue') return send(200, state.queue);
      if (p === '/api/Season/participant/42/pull-items') return send(200);
      if (p === '/api/Season/participant/42/shared-stash') return send(200);
      if (p === '/api/Season/participant/42/quest-tag/gdl_boss_01') return send(200);
      if (p === '/api/Season/participant/42/character/Alina/questfile/Ultimate') return send(200);
      if (p === '/api/Season/participant/42/standing') return send(200, { pointTotal: 10, rank: 3 });
      return send(404, 'no route');
    });
  });
  wss = new WebSocketServer({ noServer: true });
  chatWss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const target = req.url === '/api/' ? wss : req.url === '/api/chat/t/TICKET/' ? chatWss : undefined;
    if (!target) return socket.destroy();
    target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req));
  });
  const hubServer = (ws: WebSocket, handle: (target: string, args: unknown[], reply: Reply) => void) => {
    let handshaken = false;
    ws.on('message', (data) => {
      for (const frame of data.toString().split('\x1e')) {
        if (!frame) continue;
        const msg = JSON.parse(frame) as {
          type?: number;
          target?: string;
          invocationId?: string;
          arguments?: unknown[];
        };
        if (!handshaken) {
          handshaken = true;
          ws.send('{}\x1e');
          continue;
        }
        if (msg.type !== 1 || !msg.target) continue;
        hubCalls.push(msg.target);
        const push = (name: string, args: unknown[]) =>
          ws.send(`${JSON.stringify({ type: 1, target: name, arguments: args })}\x1e`);
        const done = (result: unknown = null) =>
          ws.send(`${JSON.stringify({ type: 3, invocationId: msg.invocationId, result })}\x1e`);
        handle(msg.target, msg.arguments ?? [], { push, done });
      }
    });
  };
  wss.on('connection', (ws: WebSocket) =>
    hubServer(ws, (target, args, { push, done }) => {
      if (target === 'Login') {
        const [u, pw] = args;
        const tokens =
          u === 'player1' && pw === 'pw'
            ? JSON.stringify({ access_token: 'tok', refresh_token: 'r', role: 'tester' })
            : '{}';
        push('Login', [tokens]);
      } else if (target === 'GetLatestSeasonName') push(target, [args[0] === 'prod' ? 'GrimLeagueS07' : '']);
      else if (target === 'GetLatestSeason')
        push(target, [
          [
            JSON.stringify({
              SeasonId: 7,
              SeasonTypeId: 1,
              ModName: 'GrimLeagueS07',
              DisplayName: 'Season 7',
              ParticipationTag: 'gdl_s7',
            }),
          ],
        ]);
      else if (target === 'GetLeagueFiles')
        push(target, [[JSON.stringify({ FileName: 'GrimLeagueS07.arz', DownloadUrl: 'http://x/f', FileSize: 3 })]]);
      else if (target === 'GetLauncherFile')
        push(target, [JSON.stringify({ FileName: 'launcher.zip', Version: '1.4.3' })]);
      else if (target === 'GetChatUrl') push(target, [`${base}chat/t/TICKET/`]);
      done();
    }),
  );
  chatWss.on('connection', (ws: WebSocket) =>
    hubServer(ws, (target, args, { push, done }) => {
      if (target === 'GetConnectionId') {
        push('Connection', ['conn-1']);
        return done('conn-1');
      }
      if (target === 'Welcome') {
        push('WelcomeMessage', [['Welcome to the league']]);
        return done(['Welcome to the league']);
      }
      if (target === 'JoinChannel') {
        chatJoins.push(args);
        push('JoinedChannel', [args[3]]);
        return done(args[3]);
      }
      if (target === 'Send') {
        chatSends.push(args);
        push('ReceiveMessage', [args[0], args[1], 1, '']);
        return done();
      }
      done();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  wss.close();
  chatWss.close();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  hubCalls.length = 0;
  chatJoins.length = 0;
  chatSends.length = 0;
  state.stashFull = false;
  state.queue = [];
  state.knownCharacter = false;
});

async function loggedIn(): Promise<LauncherClient> {
  const c = new LauncherClient(base);
  await c.login('player1', 'pw');
  return c;
}

describe('launcher REST client', () => {
  it('logs in with POST Account/login and then sends the bearer token and the branch', async () => {
    const c = await loggedIn();
    expect(c.role).toBe('user');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/Account/login', auth: undefined });
    expect(await c.characters(42)).toEqual(['Alina']);
    expect(seen[1]).toMatchObject({
      method: 'GET',
      url: '/api/Season/participant/42/characters?branch=prod',
      auth: 'Bearer tok',
    });
    await expect(new LauncherClient(base).login('player1', 'wrong')).rejects.toThrow(LauncherHttpError);
  });

  it('logs in over the hub: the pushed Login event carries the tokens as a JSON string', async () => {
    const c = new LauncherClient(base);
    const tokens = await c.hubLogin('player1', 'pw');
    expect(tokens).toMatchObject({ access_token: 'tok', role: 'tester' });
    expect(c.token).toBe('tok');
    await expect(new LauncherClient(base).hubLogin('player1', 'nope')).rejects.toThrow(/bad credentials/);
  });

  it('uploads a character as the launcher does: a JSON part and the player.gdc file part', async () => {
    const c = await loggedIn();
    const sent = await uploadCharacter(c, 42, gdc);
    const post = seen.find((s) => s.method === 'POST' && s.url.startsWith('/api/Season/participant/42/character'));
    expect(post?.url).toBe('/api/Season/participant/42/character?branch=prod&newPlayer=true');
    const parts = parseMultipart(post?.body ?? Buffer.alloc(0), post?.contentType ?? '');
    expect(parts).toHaveLength(2);
    expect(parts[0]?.headers['content-disposition']).toBe('form-data; name="character"');
    expect(parts[0]?.headers['content-type']).toBe('application/json');
    const json = JSON.parse(parts[0]?.body.toString() ?? '') as typeof sent;
    expect(json).toEqual(sent);
    expect(json).toMatchObject({
      seasonParticipantId: 42,
      participantCharacterId: 0,
      characterData: {
        characterInfo: {
          name: 'Alina',
          className: 'Trickster',
          level: 100,
          deathCount: 64,
          hardcore: 0,
          lastAttackedBy: 'tagGDX1Boss_Wendigo03',
        },
        questInfo: {},
      },
    });
    expect(parts[1]?.headers['content-disposition']).toBe('form-data; name="file"; filename="player.gdc"');
    expect(parts[1]?.headers['content-type']).toBe('application/octet-stream');
    expect(parts[1]?.body.equals(gdc)).toBe(true);
  });

  it('re-uploads a known character with its id and without newPlayer', async () => {
    state.knownCharacter = true;
    const c = await loggedIn();
    const sent = await uploadCharacter(c, 42, gdc);
    expect(sent.participantCharacterId).toBe(7);
    expect(seen.some((s) => s.url === '/api/Season/participant/42/character?branch=prod')).toBe(true);
  });

  it('uploads the 40 tab-6 items of a real stash and keeps the stash without them', async () => {
    const c = await loggedIn();
    const res = await uploadStashTab(c, 42, stashFile);
    expect(res.accepted).toBe(true);
    const post = seen.find((s) => s.url === '/api/Season/participant/42/stash?branch=prod');
    expect(post?.contentType).toBe('application/json');
    const items = JSON.parse(post?.body.toString() ?? '') as LauncherItem[];
    expect(items).toHaveLength(40);
    expect(items[0]).toMatchObject({
      name: 'records/items/upgraded/gearweapons/guns2h/d005_gun2h.dbr',
      itemSeed: 2116760840,
    });
    for (const item of items) for (const v of Object.values(item)) expect(v).not.toBeNull();
    const after = readStash(res.stash);
    expect(after.tabs[UPLOAD_TAB]?.items).toHaveLength(0);
    expect(after.tabs[0]?.items).toHaveLength(142);
  });

  it('keeps the stash unchanged when the cloud stash is full (400)', async () => {
    state.stashFull = true;
    const c = await loggedIn();
    const res = await uploadStashTab(c, 42, stashFile);
    expect(res).toMatchObject({ accepted: false, message: 'Cloud stash is full' });
    expect(res.stash.equals(stashFile)).toBe(true);
  });

  it('pulls the transfer queue into tab 5 and reports exactly the placed ids', async () => {
    state.queue = [queueItem(901), queueItem(902), queueItem(903)];
    const c = await loggedIn();
    const res = await pullQueue(c, 42, stashFile);
    expect(res.pulled).toEqual([901, 902, 903]);
    const pull = seen.find((s) => s.url === '/api/Season/participant/42/pull-items?branch=prod');
    expect(JSON.parse(pull?.body.toString() ?? '')).toEqual([901, 902, 903]);
    const tab5 = readStash(res.stash).tabs[QUEUE_TAB];
    expect(tab5?.items).toHaveLength(43);
    expect(tab5?.items.slice(40).map((i) => i.seed)).toEqual([1456, 1457, 1458]);
  });

  it('an empty queue pulls nothing and leaves the stash as it was', async () => {
    const c = await loggedIn();
    const res = await pullQueue(c, 42, stashFile);
    expect(res.pulled).toEqual([]);
    expect(seen.some((s) => s.url.includes('pull-items'))).toBe(false);
    expect(res.stash.equals(stashFile)).toBe(true);
  });

  it('posts quest tokens lower-cased with the difficulty body', async () => {
    const c = await loggedIn();
    await c.questTag(42, 'GDL_Boss_01', { level: 90, currentDifficulty: 2, maxDifficulty: 2 });
    const post = seen.at(-1);
    expect(post?.url).toBe('/api/Season/participant/42/quest-tag/gdl_boss_01?branch=prod');
    expect(JSON.parse(post?.body.toString() ?? '')).toEqual({ level: 90, currentDifficulty: 2, maxDifficulty: 2 });
  });

  it('builds the character JSON from the dead hardcore save', () => {
    const dead = fs.readFileSync(path.join(FIXTURES, 'dead/_TestMain121/player.gdc'));
    const json = characterJson(5, dead);
    expect(json.characterData.characterInfo).toMatchObject({
      hardcore: 1,
      deathCount: 3,
      lastAttackedBy: 'tagGDX2Boss_Final01',
      className: 'Ritualist',
    });
    expect(readPlayer(dead).header.name).toBe('TestOneTwoOne');
  });

  it('checksums are uppercase hex MD5', () => {
    expect(checksum(Buffer.from('abc'))).toBe('900150983CD24FB0D6963F7D28E17F72');
  });
});

describe('launcher hub and chat', () => {
  it('reads the season, files, launcher file and chat URL from the hub', async () => {
    const c = await loggedIn();
    const season = await c.hubSeason();
    expect(season).toEqual({
      seasonName: 'GrimLeagueS07',
      seasons: [
        { SeasonId: 7, SeasonTypeId: 1, ModName: 'GrimLeagueS07', DisplayName: 'Season 7', ParticipationTag: 'gdl_s7' },
      ],
      leagueFiles: [{ FileName: 'GrimLeagueS07.arz', DownloadUrl: 'http://x/f', FileSize: 3 }],
      launcherFile: { FileName: 'launcher.zip', Version: '1.4.3' },
      chatUrl: `${base}chat/t/TICKET/`,
    });
    expect(hubCalls).toEqual([
      'GetLatestSeasonName',
      'GetLatestSeason',
      'GetLeagueFiles',
      'GetLauncherFile',
      'GetChatUrl',
    ]);
  });

  it('encodes chat text as UTF-16 byte pairs', () => {
    expect(encodePairs('Hi')).toBe('\u0000H\u0000i');
    expect(decodePairs(encodePairs('Grüße ✓'))).toBe('Grüße ✓');
  });

  it('joins a chat channel, sends and receives the message back', async () => {
    const res = await chatOnce(`${base}chat/t/TICKET/`, 'player1', 'WTS ring', { kind: 'global', number: 2 });
    expect(res.connectionId).toBe('conn-1');
    expect(res.welcome).toEqual(['Welcome to the league']);
    expect(chatJoins).toEqual([['conn-1', 'player1', 0, 32]]);
    expect(chatSends).toEqual([[encodePairs('player1'), encodePairs('WTS ring'), 32, '']]);
    expect(res.received).toEqual({ name: 'player1', message: 'WTS ring', type: 1, item: undefined });
  });
});

describe('league-gameclient command line', () => {
  it('play uploads quest info, the quest file and the league quest tags when a quests.gdd is beside the save', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameclient-'));
    try {
      fs.writeFileSync(path.join(dir, 'player.gdc'), gdc);
      fs.writeFileSync(
        path.join(dir, 'quests.gdd'),
        writeQuests({ uid: '0123456789abcdef0123456789abcdef', tokens: ['GDL_Boss_01', 'q_other'] }),
      );
      const lines: string[] = [];
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      try {
        expect(
          await main(['play', dir, '--url', base, '--user', 'player1', '--password', 'pw', '--hub', '--chat', 'gg']),
        ).toBe(0);
      } finally {
        spy.mockRestore();
      }
      const steps = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(steps.map((s) => s.step)).toEqual([
        'login',
        'season',
        'upload-character',
        'quest-tags',
        'characters',
        'standing',
        'chat',
      ]);
      expect(steps[0]).toMatchObject({ via: 'hub', role: 'tester' });
      expect(steps[3]).toEqual({ step: 'quest-tags', name: 'Alina', tokens: ['gdl_boss_01'] });
      const upload = seen.find((s) => s.url.startsWith('/api/Season/participant/42/character?'));
      const character = JSON.parse(
        parseMultipart(upload?.body ?? Buffer.alloc(0), upload?.contentType ?? '')[0]?.body.toString() ?? '{}',
      ) as {
        characterData: { questInfo: unknown };
      };
      expect(character.characterData.questInfo).toEqual({ ultimateQuestTags: ['gdl_boss_01'] });
      expect(
        seen.some(
          (s) =>
            s.method === 'POST' &&
            s.url === '/api/Season/participant/42/character/Alina/questfile/Ultimate?branch=prod',
        ),
      ).toBe(true);
      const tag = seen.find((s) => s.url.startsWith('/api/Season/participant/42/quest-tag/'));
      expect(JSON.parse(tag?.body.toString() ?? '')).toEqual({ level: 100, currentDifficulty: 2, maxDifficulty: 2 });
      expect(steps[6]).toMatchObject({ received: { name: 'player1', message: 'gg' } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('plays a folder: characters, stash upload, queue pull, standing', async () => {
    state.queue = [queueItem(77)];
    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const code = await main([
        'play',
        path.join(FIXTURES, 'gd-cli'),
        '--url',
        base,
        '--user',
        'player1',
        '--password',
        'pw',
      ]);
      expect(code).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const steps = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(steps.map((s) => s.step)).toEqual([
      'login',
      'upload-character',
      'characters',
      'upload-stash',
      'pull',
      'standing',
    ]);
    expect(steps[1]).toMatchObject({ name: 'Alina', className: 'Trickster', deathCount: 64 });
    expect(steps[3]).toMatchObject({ items: 40, accepted: true });
    expect(steps[4]).toMatchObject({ queued: 1, pulled: 1, leftQueued: 0 });
    expect(steps[5]).toMatchObject({ standing: { pointTotal: 10, rank: 3 } });
    // The shared stash was uploaded after the tab-6 upload and again after the pull.
    expect(seen.filter((s) => s.url === '/api/Season/participant/42/shared-stash')).toHaveLength(2);
  });
});
