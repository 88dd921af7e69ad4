import { chatUserBannedV1, chatUserUnbannedV1, userRegisteredV1, type EventEnvelope } from '@league/contracts';
import { createLogger, EventBus } from '@league/platform';
import { issueTicket } from '../src/domain/ticket';
import { runId, sleep, startChat, TICKET_SECRET, type ChatFixture } from './support';

jest.setTimeout(40_000);

describe('the admin chat API and the game REST calls', () => {
  let f: ChatFixture;
  let admin: string;
  let player: string;
  let bus: EventBus;
  const events: EventEnvelope<Record<string, string>>[] = [];
  const run = runId();

  beforeAll(async () => {
    f = await startChat();
    admin = await f.token(`admin${run}`, ['admin']);
    player = await f.token(`player${run}`, ['tester', 'supporter_s7']);
    bus = new EventBus({
      brokers: ['127.0.0.1:9092'],
      clientId: `chat-test-${run}`,
      logger: createLogger('test', 'silent'),
    });
    const keep = async (e: EventEnvelope<never>) => {
      events.push(e as EventEnvelope<Record<string, string>>);
    };
    await bus.subscribe({
      groupId: `chat-test-${run}`,
      handlers: { [chatUserBannedV1.type]: keep, [chatUserUnbannedV1.type]: keep },
    });
  }, 60_000);

  afterAll(async () => {
    await bus?.disconnect();
    await f?.close();
  });

  const eventsFor = (type: string, username: string) =>
    events.filter((e) => e.type === type && e.data.username === username);

  it('when anyone but an admin calls an admin endpoint, then it is 401 without a token and 403 without the role', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/chat/connected-clients'],
      ['GET', '/chat/welcome-messages'],
      ['POST', '/chat/welcome-messages', []],
      ['DELETE', '/chat/welcome-message/1'],
      ['POST', '/chat/system-message', { message: 'hi' }],
      ['POST', `/chat/ban/x${run}`],
      ['POST', `/chat/unban/x${run}`],
      ['GET', '/chat/banned-users'],
      ['GET', `/chat/ban-history?username=x${run}`],
      ['GET', `/chat/chat-log?username=x${run}`],
    ];
    for (const [method, path, body] of calls) {
      const anon = await f.http(method, path, { body });
      expect([path, anon.status]).toEqual([path, 401]);
      const denied = await f.http(method, path, { token: player, body });
      expect([path, denied.status, denied.body.message]).toEqual([path, 403, 'Requires the admin role']);
    }
    expect((await f.http('GET', '/chat/banned-users', { token: admin })).status).toBe(200);
  });

  it('when the admin bans and unbans, then the history shows the period (banEnd null while banned) and events are published', async () => {
    const name = `Bandit${run}`;
    expect((await f.http('POST', `/chat/ban/${name}`, { token: admin })).status).toBe(200);
    const again = await f.http('POST', `/chat/ban/${name.toLowerCase()}`, { token: admin });
    expect(again).toEqual({ status: 409, body: { message: `${name.toLowerCase()} is already banned` } });

    const banned = await f.http('GET', '/chat/banned-users', { token: admin });
    expect(banned.body).toEqual(expect.arrayContaining([{ username: name, banStart: expect.any(String) }]));
    const open = await f.http('GET', `/chat/ban-history?username=${name}`, { token: admin });
    expect(open.body).toEqual([{ banStart: expect.any(String), banEnd: null }]);

    expect((await f.http('POST', `/chat/unban/${name}`, { token: admin })).status).toBe(200);
    expect((await f.http('POST', `/chat/unban/${name}`, { token: admin })).status).toBe(409);
    expect((await f.http('POST', `/chat/ban/${name}`, { token: admin })).status).toBe(200);
    const history = await f.http('GET', `/chat/ban-history?username=${name}`, { token: admin });
    expect(history.body).toHaveLength(2);
    expect(history.body[0].banEnd).toBeNull(); // newest first: the ban in force
    expect(Date.parse(history.body[1].banEnd)).toBeGreaterThanOrEqual(Date.parse(history.body[1].banStart));

    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (eventsFor(chatUserBannedV1.type, name).length < 2 || !eventsFor(chatUserUnbannedV1.type, name).length)
    ) {
      await sleep(200);
    }
    const bans = eventsFor(chatUserBannedV1.type, name);
    expect(bans).toHaveLength(2);
    expect(bans[0]!.data).toEqual({ username: name, bannedBy: `admin${run}`, banStart: history.body[1].banStart });
    expect(eventsFor(chatUserUnbannedV1.type, name)[0]!.data).toEqual({
      username: name,
      unbannedBy: `admin${run}`,
      banStart: history.body[1].banStart,
      banEnd: history.body[1].banEnd,
    });
    // The relay removes each entry right after publishing it.
    const outbox = async () =>
      (await f.svc.mongo.collection('chat_users').findOne({ _id: name.toLowerCase() } as never))?.outbox as unknown[];
    for (let i = 0; i < 50 && (await outbox()).length; i += 1) await sleep(100);
    expect(await outbox()).toEqual([]);
  });

  it('when the account service announces a registration, then chat knows the user: they can be muted before ever connecting', async () => {
    const newbie = `Newbie${run}`;
    const base = new URL(await f.chatUrl(`muter${run}`)).pathname;
    expect((await f.http('POST', `${base}chat/mute/${newbie}`)).status).toBe(404);
    await bus.publish(
      userRegisteredV1,
      { userId: `u-${run}`, username: newbie, registeredAt: new Date().toISOString() },
      `u-${run}`,
    );
    let status = 404;
    for (let i = 0; i < 100 && status === 404; i += 1) {
      await sleep(200);
      status = (await f.http('POST', `${base}chat/mute/${newbie}`)).status;
    }
    expect(status).toBe(200);
    expect((await f.http('GET', `${base}chat/mute-list`)).body).toEqual([newbie]);
  });

  it('when unbanning someone chat never heard of, then 404; their ban history and chat log are empty', async () => {
    expect((await f.http('POST', `/chat/unban/ghost${run}`, { token: admin })).status).toBe(404);
    expect((await f.http('GET', `/chat/ban-history?username=ghost${run}`, { token: admin })).body).toEqual([]);
    expect((await f.http('GET', `/chat/chat-log?username=ghost${run}`, { token: admin })).body).toEqual([]);
  });

  it('when inputs are bad, then each is a 400 with a message and nothing is written', async () => {
    const bad: [string, string, unknown?][] = [
      ['GET', '/chat/ban-history'],
      ['GET', '/chat/chat-log?username='],
      ['POST', `/chat/ban/${'x'.repeat(65)}`],
      ['POST', '/chat/system-message', { message: '   ' }],
      ['POST', '/chat/system-message', { message: 'x'.repeat(256) }],
      ['POST', '/chat/system-message', {}],
      ['POST', '/chat/welcome-messages', { message: 'not a list' }],
      ['POST', '/chat/welcome-messages', [{ chatSystemMessageId: 0, message: '' }]],
      ['POST', '/chat/welcome-messages', [{ chatSystemMessageId: -1, message: 'x' }]],
      ['DELETE', '/chat/welcome-message/abc'],
      ['DELETE', '/chat/welcome-message/0'],
    ];
    for (const [method, path, body] of bad) {
      const res = await f.http(method, path, { token: admin, body });
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await f.http('GET', '/chat/welcome-messages', { token: admin })).body).toEqual([]);
  });

  it('when the admin edits welcome messages, then ids are kept, new ones get ids, displayOrder is 1-based, unknown ids 404', async () => {
    const first = await f.http('POST', '/chat/welcome-messages', {
      token: admin,
      body: [
        { chatSystemMessageId: 0, message: 'one' },
        { chatSystemMessageId: 0, message: 'two' },
      ],
    });
    expect(first.body.map((m: { message: string; displayOrder: number }) => [m.message, m.displayOrder])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    const [one, two] = first.body as { chatSystemMessageId: number; source: string; type: number }[];
    expect(one).toMatchObject({ source: 'Welcome', type: 0 });
    const reordered = await f.http('POST', '/chat/welcome-messages', {
      token: admin,
      body: [
        { chatSystemMessageId: two!.chatSystemMessageId, message: 'two, edited' },
        { chatSystemMessageId: 0, message: 'three' },
        { chatSystemMessageId: one!.chatSystemMessageId, message: 'one' },
      ],
    });
    expect(
      reordered.body.map((m: { chatSystemMessageId: number; message: string; displayOrder: number }) => [
        m.chatSystemMessageId,
        m.message,
        m.displayOrder,
      ]),
    ).toEqual([
      [two!.chatSystemMessageId, 'two, edited', 1],
      [Math.max(one!.chatSystemMessageId, two!.chatSystemMessageId) + 1, 'three', 2],
      [one!.chatSystemMessageId, 'one', 3],
    ]);
    expect(
      (
        await f.http('POST', '/chat/welcome-messages', {
          token: admin,
          body: [{ chatSystemMessageId: 999, message: 'x' }],
        })
      ).status,
    ).toBe(404);
    const dup = [
      { chatSystemMessageId: one!.chatSystemMessageId, message: 'a' },
      { chatSystemMessageId: one!.chatSystemMessageId, message: 'b' },
    ];
    expect((await f.http('POST', '/chat/welcome-messages', { token: admin, body: dup })).status).toBe(400);

    expect((await f.http('DELETE', `/chat/welcome-message/${two!.chatSystemMessageId}`, { token: admin })).status).toBe(
      200,
    );
    expect((await f.http('DELETE', `/chat/welcome-message/${two!.chatSystemMessageId}`, { token: admin })).status).toBe(
      404,
    );
    const left = await f.http('GET', '/chat/welcome-messages', { token: admin });
    expect(left.body.map((m: { message: string; displayOrder: number }) => [m.message, m.displayOrder])).toEqual([
      ['three', 1],
      ['one', 2],
    ]);
  });

  it('when a logged-in user asks for the chat URL, then it holds a ticket for them; without a token, 401', async () => {
    expect((await f.http('GET', '/chat/url')).status).toBe(401);
    const res = await f.http('GET', '/chat/url', { token: player });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${f.svc.url}/chat/t/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+/$`));
    const viaBff = await fetch(`${f.svc.url}/chat/url`, {
      headers: {
        authorization: `Bearer ${player}`,
        'x-forwarded-host': 'league.example:8080',
        'x-forwarded-proto': 'https',
      },
    });
    expect(((await viaBff.json()) as { url: string }).url).toMatch(
      /^https:\/\/league\.example:8080\/api\/chat\/t\/[^/]+\/$/,
    );
  });

  it('when a game REST call has a bad or expired ticket or bad input, then 401 or 400 with a message', async () => {
    const base = new URL(await f.chatUrl(`gamer${run}`)).pathname;
    expect((await f.http('GET', '/chat/t/not-a-ticket-at-all/chat/mute-list')).status).toBe(401);
    const old = issueTicket(TICKET_SECRET, { username: `gamer${run}`, id: 'u' }, 60, new Date(Date.now() - 7_200_000));
    const expired = await f.http('GET', `/chat/t/${old.ticket}/chat/mute-list`);
    expect(expired).toEqual({ status: 401, body: { message: 'The chat ticket has expired', code: 'ticket_expired' } });
    expect((await f.http('GET', `${base}chat/mute-list`)).body).toEqual([]);
    expect((await f.http('POST', `${base}chat/mute/gamer${run}`)).status).toBe(400); // yourself
    const direct = (body: unknown) => f.http('POST', `${base}chat/user/someone${run}/direct`, { body });
    expect((await direct({ messageBody: 'x' })).status).toBe(400);
    expect((await direct({ username: `gamer${run}`, messageBody: '' })).status).toBe(400);
    expect((await direct({ username: `gamer${run}`, messageBody: 'x', type: 2 })).status).toBe(400);
  });
});
