import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { encodePairs, runId, sleep, startChat, type ChatFixture } from './support';

jest.setTimeout(30_000);

/** A player's game, as the official SignalR client drives the hub: no negotiate, WebSockets only. */
interface Player {
  name: string;
  url: string;
  conn: HubConnection;
  id: string;
  received: unknown[][];
  system: unknown[][];
  banned: number;
}

async function connect(f: ChatFixture, name: string, packed: number): Promise<Player> {
  const url = await f.chatUrl(name);
  const conn = new HubConnectionBuilder()
    .withUrl(url, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  const p: Player = { name, url, conn, id: '', received: [], system: [], banned: 0 };
  conn.on('ReceiveMessage', (...args: unknown[]) => p.received.push(args));
  conn.on('SystemMessage', (...args: unknown[]) => p.system.push(args));
  conn.on('Banned', () => (p.banned += 1));
  await conn.start();
  const pushed = new Promise<string>((resolve) => conn.on('Connection', (id: string) => resolve(id)));
  p.id = (await conn.invoke('GetConnectionId')) as string;
  expect(await pushed).toBe(p.id);
  const joined = new Promise<number>((resolve) => conn.on('JoinedChannel', (v: number) => resolve(v)));
  await conn.invoke('JoinChannel', p.id, encodePairs(name), 0, packed);
  expect(await joined).toBe(packed);
  return p;
}

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const game = (f: ChatFixture, p: Player, method: string, path: string, body?: unknown) =>
  f.http(method, `${new URL(p.url).pathname}${path}`, { body });

describe('players chat through the hub with the official SignalR client', () => {
  let f: ChatFixture;
  let adminToken: string;
  const run = runId();
  const [alice, bob, carol] = [`Alice${run}`, `Bob${run}`, `Carol${run}`];
  let a: Player;
  let b: Player;
  let c: Player;

  beforeAll(async () => {
    f = await startChat({ CHAT_FLOOD_MAX: '100' });
    adminToken = await f.token(`admin${run}`, ['admin']);
    // alice: global 1 + trade 2; bob: global 1 + trade 3; carol: global 2 + trade 2.
    a = await connect(f, alice, 0x12);
    b = await connect(f, bob, 0x13);
    c = await connect(f, carol, 0x22);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b, c].map((p) => p?.conn.stop()));
    await f?.close();
  });

  beforeEach(() => {
    for (const p of [a, b, c]) {
      p.received.length = 0;
      p.system.length = 0;
    }
  });

  it('when alice sends on global 1, then global 1 members get it as type 2 and global 2 does not', async () => {
    await a.conn.invoke('Send', encodePairs(alice), encodePairs('hello global'), 16, '');
    const expected = [encodePairs(alice), encodePairs('hello global'), 2, ''];
    await until(() => b.received.length === 1 && a.received.length === 1);
    expect(b.received[0]).toEqual(expected);
    expect(a.received[0]).toEqual(expected);
    await sleep(200);
    expect(c.received).toEqual([]);
  });

  it('when alice sends on trade 2 with an item, then trade 2 members get it as type 1 with the item, others do not', async () => {
    const item = JSON.stringify({ name: 'records/items/a.dbr', stackCount: 1 });
    await a.conn.invoke('Send', encodePairs(alice), encodePairs('WTS sword'), 2, item);
    await until(() => c.received.length === 1);
    expect(c.received[0]).toEqual([encodePairs(alice), encodePairs('WTS sword'), 1, item]);
    await sleep(200);
    expect(b.received).toEqual([]);
  });

  it('when bob whispers alice through the game REST call, then only alice gets a type 3; an offline recipient is a 400', async () => {
    const res = await game(f, b, 'POST', `chat/user/${alice}/direct`, {
      username: encodePairs(bob),
      messageBody: encodePairs('psst'),
      type: 3,
    });
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });
    await until(() => a.received.length === 1);
    expect(a.received[0]).toEqual([encodePairs(bob), encodePairs('psst'), 3, '']);
    expect(c.received).toEqual([]);
    const offline = await game(f, b, 'POST', `chat/user/nobody${run}/direct`, {
      username: encodePairs(bob),
      messageBody: encodePairs('anyone?'),
      type: 3,
    });
    expect(offline.status).toBe(400);
    expect(offline.body.message).toBe(`nobody${run} is not online`);
  });

  it('when a client names another user in Send, JoinChannel or a whisper, then it is refused and nothing is delivered', async () => {
    await expect(a.conn.invoke('Send', encodePairs(bob), encodePairs('I am bob'), 16, '')).rejects.toThrow(
      /cannot send as another user/,
    );
    await expect(a.conn.invoke('JoinChannel', a.id, encodePairs(bob), 0x12, 0x11)).rejects.toThrow(
      /cannot join as another user/,
    );
    await expect(a.conn.invoke('JoinChannel', b.id, encodePairs(alice), 0x12, 0x11)).rejects.toThrow(
      /not this connection/,
    );
    const spoofed = await game(f, a, 'POST', `chat/user/${carol}/direct`, {
      username: encodePairs(bob),
      messageBody: encodePairs('from bob, honest'),
      type: 3,
    });
    expect(spoofed.status).toBe(403);
    await sleep(300);
    expect([a.received, b.received, c.received]).toEqual([[], [], []]);
  });

  it('when a message is longer than 255 characters, then it is refused, logged and not delivered', async () => {
    await expect(a.conn.invoke('Send', encodePairs(alice), encodePairs('x'.repeat(256)), 16, '')).rejects.toThrow(
      /at most 255 characters/,
    );
    await a.conn.invoke('Send', encodePairs(alice), encodePairs('y'.repeat(255)), 16, '');
    await until(() => b.received.length === 1);
    expect(b.received[0]![1]).toBe(encodePairs('y'.repeat(255)));
    const log = await f.http('GET', `/chat/chat-log?username=${alice}`, { token: adminToken });
    expect(log.body[0]).toMatchObject({ message: 'y'.repeat(255), channel: 'Global 1' });
    expect(log.body[1]).toMatchObject({ message: 'x'.repeat(256), channel: 'Global 1 (not delivered: too-long)' });
  });

  it('when a message has non-Latin text, then the byte pairs are relayed unchanged and the chat log reads it decoded', async () => {
    const text = 'Привет, héllo ✓ 𝔊';
    const raw = encodePairs(text);
    expect([...raw].every((ch) => ch.charCodeAt(0) <= 0xff)).toBe(true); // the game's form: single bytes only
    await a.conn.invoke('Send', encodePairs(alice), raw, 16, '');
    await until(() => b.received.length === 1);
    expect(b.received[0]![1]).toBe(raw);
    const log = await f.http('GET', `/chat/chat-log?username=${alice.toLowerCase()}`, { token: adminToken });
    expect(log.status).toBe(200);
    expect(log.body[0]).toEqual({ timestamp: expect.any(String), message: text, channel: 'Global 1', itemName: null });
  });

  it('when the admin saves welcome messages, then Welcome returns them in display order', async () => {
    const saved = await f.http('POST', '/chat/welcome-messages', {
      token: adminToken,
      body: [
        { chatSystemMessageId: 0, message: 'Welcome to the league' },
        { chatSystemMessageId: 0, message: 'Be nice' },
      ],
    });
    expect(saved.status).toBe(200);
    const pushed = new Promise<string[]>((resolve) => b.conn.on('WelcomeMessage', (m: string[]) => resolve(m)));
    expect(await b.conn.invoke('Welcome')).toEqual(['Welcome to the league', 'Be nice']);
    expect(await pushed).toEqual(['Welcome to the league', 'Be nice']);
  });

  it('when the admin sends a system message, then every connected client gets SystemMessage', async () => {
    const res = await f.http('POST', '/chat/system-message', { token: adminToken, body: { message: 'Restart at 10' } });
    expect(res.status).toBe(200);
    await until(() => [a, b, c].every((p) => p.system.length === 1));
    for (const p of [a, b, c]) expect(p.system[0]).toEqual(['System', 'Restart at 10']);
  });

  it('when bob mutes alice, then bob stops getting her messages while others still do, until he unmutes', async () => {
    expect((await game(f, b, 'POST', `chat/mute/${alice}`)).status).toBe(200);
    expect((await game(f, b, 'POST', `chat/mute/${alice}`)).status).toBe(400);
    expect((await game(f, b, 'POST', `chat/mute/ghost${run}`)).status).toBe(404);
    expect((await game(f, b, 'GET', 'chat/mute-list')).body).toEqual([alice]);
    await a.conn.invoke('Send', encodePairs(alice), encodePairs('can you hear me'), 16, '');
    await until(() => a.received.length === 1);
    await sleep(300);
    expect(b.received).toEqual([]);
    expect((await game(f, b, 'POST', `chat/unmute/${alice}`)).status).toBe(200);
    expect((await game(f, b, 'POST', `chat/unmute/${alice}`)).status).toBe(400);
    expect((await game(f, b, 'GET', 'chat/mute-list')).body).toEqual([]);
    await a.conn.invoke('Send', encodePairs(alice), encodePairs('now?'), 16, '');
    await until(() => b.received.length === 1);
  });

  it('when the admin bans carol, then she gets Banned, her messages are logged but not delivered, until unbanned', async () => {
    const ban = await f.http('POST', `/chat/ban/${carol}`, { token: adminToken });
    expect(ban.status).toBe(200);
    await until(() => c.banned === 1);
    await expect(c.conn.invoke('Send', encodePairs(carol), encodePairs('let me talk'), 2, '')).rejects.toThrow(
      /banned/,
    );
    await until(() => c.banned === 2); // each dropped message reminds her
    await sleep(300);
    expect(a.received).toEqual([]);
    const whisper = await game(f, c, 'POST', `chat/user/${alice}/direct`, {
      username: encodePairs(carol),
      messageBody: encodePairs('psst, still me'),
      type: 3,
    });
    expect(whisper).toEqual({ status: 403, body: { message: 'You are banned from chat', code: 'banned' } });
    await sleep(300);
    expect(a.received).toEqual([]);
    const log = await f.http('GET', `/chat/chat-log?username=${carol}`, { token: adminToken });
    expect(log.body[0]).toMatchObject({
      message: 'psst, still me',
      channel: `Whisper to ${alice} (not delivered: banned)`,
    });
    expect(log.body[1]).toMatchObject({ message: 'let me talk', channel: 'Trade 2 (not delivered: banned)' });

    expect((await f.http('POST', `/chat/unban/${carol}`, { token: adminToken })).status).toBe(200);
    await c.conn.invoke('Send', encodePairs(carol), encodePairs('back'), 2, '');
    await until(() => a.received.length === 1);
    expect(a.received[0]![1]).toBe(encodePairs('back'));
  });

  it('when the game asks for connected clients, then it gets every connected user once', async () => {
    const res = await game(f, a, 'GET', 'chat/connected-clients');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([alice, bob, carol]));
    expect(res.body.filter((n: string) => n === alice)).toHaveLength(1);
    const admin = await f.http('GET', '/chat/connected-clients', { token: adminToken });
    expect(admin.body).toEqual(res.body);
  });
});
