import os from 'node:os';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { encodePairs } from '../../services/chat/src/domain/encoding';
import { start as startChat, type RunningChat } from '../../services/chat/src/server';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

/**
 * The launcher's path end to end: the chat URL is asked for through the BFF, and the official SignalR
 * client opens the hub at that URL, so the WebSocket goes ws://bff/api/chat/t/<ticket>/ → chat /chat/t/<ticket>/.
 */
describe('the chat hub through the BFF', () => {
  let identity: TestIdentity;
  let chat: RunningChat;
  let bff: RunningBff;
  const run = Math.random().toString(36).slice(2, 8);
  const conns: HubConnection[] = [];

  beforeAll(async () => {
    identity = await startTestIdentity();
    chat = await startChat(
      testEnv('chat', {
        JWKS_URL: identity.jwksUrl,
        CHAT_REDIS_PREFIX: `test-bff-chat-${run}:`,
        KAFKA_CLIENT_ID: `bff-chat-${run}`,
        CHAT_CONSUMER_GROUP: `bff-chat-${run}`,
      }),
    );
    bff = await start({ ...testEnv('bff'), CHAT_URL: chat.url, FRONTEND_DIST: os.tmpdir() });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(conns.map((c) => c.stop()));
    await bff?.stop();
    await chat?.stop();
    await chat?.mongo.dropDatabase().catch(() => undefined);
    await identity?.close();
  });

  const chatUrl = async (username: string) => {
    const token = await identity.token({ username });
    const res = await fetch(`${bff.url}/api/chat/url`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };

  const player = async (name: string, packed: number) => {
    const url = await chatUrl(name);
    const conn = new HubConnectionBuilder()
      .withUrl(url, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    conns.push(conn);
    const received: unknown[][] = [];
    conn.on('ReceiveMessage', (...args: unknown[]) => received.push(args));
    await conn.start();
    const id = (await conn.invoke('GetConnectionId')) as string;
    await conn.invoke('JoinChannel', id, encodePairs(name), 0, packed);
    return { url, conn, received };
  };

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  it('when two players connect through the BFF, then they exchange channel messages and whispers', async () => {
    const [ada, bo] = [`ada${run}`, `bo${run}`];
    const a = await player(ada, 0x21);
    const b = await player(bo, 0x21);
    expect(a.url).toMatch(new RegExp(`^${bff.url}/api/chat/t/[^/]+/$`));

    await a.conn.invoke('Send', encodePairs(ada), encodePairs('through the bff'), 0x20, '');
    await until(() => b.received.length === 1);
    expect(b.received[0]).toEqual([encodePairs(ada), encodePairs('through the bff'), 2, '']);

    // The launcher's REST calls are C + "chat/...", through the same BFF.
    const res = await fetch(`${b.url}chat/user/${ada}/direct`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: encodePairs(bo), messageBody: encodePairs('psst'), type: 3 }),
    });
    expect(res.status).toBe(200);
    await until(() => a.received.some((m) => m[2] === 3));
    expect(a.received.find((m) => m[2] === 3)).toEqual([encodePairs(bo), encodePairs('psst'), 3, '']);
    const clients = (await (await fetch(`${a.url}chat/connected-clients`)).json()) as string[];
    expect(clients).toEqual(expect.arrayContaining([ada, bo]));
  });

  it('when the ticket in the URL is forged, then the BFF passes on the chat service refusal', async () => {
    const url = (await chatUrl(`eve${run}`)).replace(/\.([^./]+)\/$/, '.x$1/');
    const res = await fetch(`${url}chat/mute-list`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'The chat ticket is not valid', code: 'ticket_invalid' });
  });
});
