import { RS } from '../src/domain/hub-protocol';
import { issueTicket } from '../src/domain/ticket';
import { encodePairs, RawHubClient, runId, sleep, startChat, TICKET_SECRET, type ChatFixture } from './support';

jest.setTimeout(30_000);

describe('the hub speaks the SignalR JSON protocol over a bare WebSocket', () => {
  let f: ChatFixture;
  const name = `proto${runId()}`;

  beforeAll(async () => {
    f = await startChat({ CHAT_CLIENT_TIMEOUT_MS: '1500' });
  }, 60_000);
  afterAll(() => f?.close());

  it('when the client shakes hands, then it gets {} and, per method, the event of that name before the completion', async () => {
    const c = await RawHubClient.connect(await f.chatUrl(name));
    const done = await c.invoke('GetConnectionId');
    expect(done.error).toBeUndefined();
    const id = done.result as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect((await c.event('Connection')).arguments).toEqual([id]);
    // The game reads the event, not the completion: it must come first.
    const order: string[] = [];
    c.ws.on('message', (d) => {
      for (const p of d.toString().split(RS).filter(Boolean)) {
        const fr = JSON.parse(p) as { type: number; target?: string };
        if (fr.type !== 6) order.push(fr.type === 1 ? `event:${fr.target}` : `type:${fr.type}`);
      }
    });
    await c.invoke('GetConnectionId');
    expect(order).toEqual(['event:Connection', 'type:3']);
    expect((await c.event('Connection')).arguments).toEqual([id]);
    await c.close();
  });

  it('when the client waits, then the server sends pings (type 6) on its own', async () => {
    const c = await RawHubClient.connect(await f.chatUrl(name));
    const ping = await c.next((fr) => fr.type === 6, 3_000);
    expect(ping).toEqual({ type: 6 });
    c.sendRaw(`{"type":6}${RS}`); // the client's own keep-alive is accepted silently
    await sleep(100);
    expect(c.closed).toBe(false);
    await c.close();
  });

  it('when a client stays silent past the timeout, then it is closed with a type 7; one that pings stays', async () => {
    const url = await f.chatUrl(name);
    const [silent, lively] = await Promise.all([RawHubClient.connect(url), RawHubClient.connect(url)]);
    const keepAlive = setInterval(() => lively.sendRaw(`{"type":6}${RS}`), 300);
    try {
      const close = await silent.next((fr) => fr.type === 7, 4_000);
      expect(close.error).toBe('Server timeout elapsed without receiving a message from the client.');
      await sleep(600);
      expect(silent.closed).toBe(true);
      expect(lively.closed).toBe(false);
    } finally {
      clearInterval(keepAlive);
      await lively.close();
    }
  });

  it('when the handshake asks for another protocol, then the answer names the error and the socket closes', async () => {
    const c = await RawHubClient.open(await f.chatUrl(name));
    c.sendRaw(`{"protocol":"messagepack","version":1}${RS}`);
    const hs = await c.next(() => true);
    expect(hs.error).toMatch(/messagepack.*not supported/);
    await sleep(200);
    expect(c.closed).toBe(true);
  });

  it('when a method does not exist or arguments are wrong, then the completion carries an error and the socket stays', async () => {
    const c = await RawHubClient.connect(await f.chatUrl(name));
    expect((await c.invoke('NoSuchMethod')).error).toBe('Method does not exist: NoSuchMethod');
    expect((await c.invoke('Send', 42)).error).toMatch(/Send takes/);
    expect((await c.invoke('Send', name, 'hi', 0, '')).error).toMatch(/channelValue/);
    expect((await c.invoke('JoinChannel', 'not-my-connection', name, 0, 16)).error).toBe('That is not this connection');
    expect(c.closed).toBe(false);
    await c.close();
  });

  it('when a record is not JSON, then the server closes with a type 7 naming the protocol error', async () => {
    const c = await RawHubClient.connect(await f.chatUrl(name));
    c.sendRaw(`not json${RS}`);
    const close = await c.next((fr) => fr.type === 7);
    expect(close.error).toMatch(/Protocol error/);
    await sleep(200);
    expect(c.closed).toBe(true);
  });

  it('when the ticket is forged, expired or missing, then the upgrade is refused with 401 or 404', async () => {
    const url = await f.chatUrl(name);
    const forged = url.replace(/\.([A-Za-z0-9_-]+)\/$/, '.AAAA$1/');
    await expect(RawHubClient.open(forged)).rejects.toThrow('upgrade refused: 401');
    const old = issueTicket(TICKET_SECRET, { username: name, id: 'u1' }, 60, new Date(Date.now() - 3_600_000));
    await expect(RawHubClient.open(`${f.svc.url}/chat/t/${old.ticket}/`)).rejects.toThrow('upgrade refused: 401');
    await expect(RawHubClient.open(`${f.svc.url}/chat/hub`)).rejects.toThrow('upgrade refused: 404');
    // The same ticket, still valid, opens the hub: the refusals above are about the ticket alone.
    const fresh = issueTicket(TICKET_SECRET, { username: name, id: 'u1' }, 60);
    await (await RawHubClient.connect(`${f.svc.url}/chat/t/${fresh.ticket}`)).close();
  });

  it('when a user sends more than 5 messages in 5 s, then the extra one is refused with a SystemMessage warning and logged', async () => {
    const flooder = `flood${runId()}`;
    const c = await RawHubClient.connect(await f.chatUrl(flooder));
    const id = (await c.invoke('GetConnectionId')).result as string;
    expect((await c.invoke('JoinChannel', id, encodePairs(flooder), 0, 0x10)).error).toBeUndefined();
    for (let i = 1; i <= 5; i += 1) {
      expect((await c.invoke('Send', encodePairs(flooder), encodePairs(`m${i}`), 16, '')).error).toBeUndefined();
    }
    const sixth = await c.invoke('Send', encodePairs(flooder), encodePairs('m6'), 16, '');
    expect(sixth.error).toMatch(/too fast: at most 5 messages in 5 seconds/);
    const warning = await c.event('SystemMessage');
    expect(warning.arguments).toEqual(['System', sixth.error]);
    const delivered = (await Promise.all([1, 2, 3, 4, 5].map(() => c.event('ReceiveMessage')))).map(
      (fr) => fr.arguments![1],
    );
    expect(delivered).toEqual([1, 2, 3, 4, 5].map((i) => encodePairs(`m${i}`)));
    await expect(c.event('ReceiveMessage', 300)).rejects.toThrow('no matching frame');
    const admin = await f.token(`admin${runId()}`, ['admin']);
    const log = await f.http('GET', `/chat/chat-log?username=${flooder}`, { token: admin });
    expect(log.body.map((e: { message: string; channel: string }) => `${e.message} ${e.channel}`)).toEqual([
      'm6 Global 1 (not delivered: flood)',
      ...[5, 4, 3, 2, 1].map((i) => `m${i} Global 1`),
    ]);
    await c.close();
  });

  it('when the server stops, then connected clients get a close (type 7) that allows reconnecting', async () => {
    const other = await startChat({}, f.identity);
    const c = await RawHubClient.connect(await other.chatUrl(name));
    const closing = c.next((fr) => fr.type === 7);
    await other.close();
    expect(await closing).toEqual({ type: 7, allowReconnect: true });
  });
});
