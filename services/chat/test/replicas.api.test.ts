import { startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { encodePairs, RawHubClient, runId, sleep, startChat, type ChatFixture } from './support';

jest.setTimeout(90_000);

/** Two chat replicas on one database and one Redis prefix, as behind a load balancer. */
describe('two chat replicas behave as one', () => {
  let identity: TestIdentity;
  let one: ChatFixture;
  let two: ChatFixture;
  const run = runId();
  const [ann, ben] = [`ann${run}`, `ben${run}`];

  beforeAll(async () => {
    identity = await startTestIdentity();
    const shared = {
      MONGO_DB: testEnv('chat').MONGO_DB!,
      CHAT_REDIS_PREFIX: `test-chat-${run}:`,
      CHAT_HEARTBEAT_MS: '300',
    };
    one = await startChat(shared, identity);
    two = await startChat(shared, identity);
  }, 60_000);

  afterAll(async () => {
    await two?.svc.stop();
    await one?.close();
    await identity?.close();
  });

  const join = async (f: ChatFixture, name: string, packed: number) => {
    const c = await RawHubClient.connect(await f.chatUrl(name));
    const id = (await c.invoke('GetConnectionId')).result as string;
    expect((await c.invoke('JoinChannel', id, encodePairs(name), 0, packed)).error).toBeUndefined();
    return c;
  };

  it('when users sit on different replicas, then presence, channels, whispers and bans reach across', async () => {
    const a = await join(one, ann, 0x15);
    const b = await join(two, ben, 0x15);

    // Presence: each replica lists both.
    for (const f of [one, two]) {
      const admin = await f.token(`admin${run}`, ['admin']);
      const res = await f.http('GET', '/chat/connected-clients', { token: admin });
      expect(res.body).toEqual(expect.arrayContaining([ann, ben]));
    }

    // Channel fan-out: ann on replica one speaks, ben on replica two hears (trade 5).
    expect((await a.invoke('Send', encodePairs(ann), encodePairs('over here'), 5, '')).error).toBeUndefined();
    expect((await b.event('ReceiveMessage')).arguments).toEqual([encodePairs(ann), encodePairs('over here'), 1, '']);
    await a.event('ReceiveMessage'); // her own copy, as a channel member

    // Whisper through replica two's REST to ann connected on replica one.
    const benBase = new URL(await two.chatUrl(ben)).pathname;
    const w = await two.http('POST', `${benBase}chat/user/${ann}/direct`, {
      body: { username: encodePairs(ben), messageBody: encodePairs('hi ann'), type: 3 },
    });
    expect(w.status).toBe(200);
    expect((await a.event('ReceiveMessage')).arguments).toEqual([encodePairs(ben), encodePairs('hi ann'), 3, '']);

    // A mute made through replica one's REST is honoured by replica two, where ben's socket is.
    const benOnOne = new URL(await one.chatUrl(ben)).pathname;
    expect((await one.http('POST', `${benOnOne}chat/mute/${ann}`)).status).toBe(200);
    expect((await a.invoke('Send', encodePairs(ann), encodePairs('muted?'), 5, '')).error).toBeUndefined();
    await a.event('ReceiveMessage');
    await expect(b.event('ReceiveMessage', 400)).rejects.toThrow('no matching frame');
    expect((await two.http('POST', `${benOnOne}chat/unmute/${ann}`)).status).toBe(200);
    expect((await a.invoke('Send', encodePairs(ann), encodePairs('and now?'), 5, '')).error).toBeUndefined();
    expect((await b.event('ReceiveMessage')).arguments![1]).toBe(encodePairs('and now?'));
    await a.event('ReceiveMessage');

    // A ban made on replica two reaches ann's socket on replica one, and replica one drops her messages.
    const admin = await two.token(`admin${run}`, ['admin']);
    expect((await two.http('POST', `/chat/ban/${ann}`, { token: admin })).status).toBe(200);
    await a.event('Banned');
    expect((await a.invoke('Send', encodePairs(ann), encodePairs('still here'), 5, '')).error).toMatch(/banned/);
    await expect(b.event('ReceiveMessage', 400)).rejects.toThrow('no matching frame');

    await a.close();
    await b.close();
  });

  it('when a replica stops, then its users leave presence on the other replica', async () => {
    const extra = await startChat(
      { MONGO_DB: one.env.MONGO_DB, CHAT_REDIS_PREFIX: one.env.CHAT_REDIS_PREFIX, CHAT_HEARTBEAT_MS: '300' },
      identity,
    );
    const c = await join(extra, `cal${run}`, 0x10);
    const admin = await one.token(`admin${run}`, ['admin']);
    const listed = async () => (await one.http('GET', '/chat/connected-clients', { token: admin })).body as string[];
    expect(await listed()).toContain(`cal${run}`);
    await extra.svc.stop();
    await sleep(100);
    expect(c.closed).toBe(true);
    expect(await listed()).not.toContain(`cal${run}`);
  });

  it("when a live replica's heartbeat lapsed and another swept its users, then its next heartbeat lists them again", async () => {
    const prefix = one.env.CHAT_REDIS_PREFIX!;
    const dee = `dee${run}`;
    const d = await join(one, dee, 0x10);
    const admin = await two.token(`admin${run}`, ['admin']);
    const listed = async () => (await two.http('GET', '/chat/connected-clients', { token: admin })).body as string[];
    expect(await listed()).toContain(dee);
    // What a pause longer than the heartbeat's lifetime looks like from outside: the replica's key expired and
    // another replica's sweep removed its entries (in one step here, so no heartbeat runs in between).
    const entries = Object.entries(await two.svc.redis.hgetall(`${prefix}conn`)).filter(
      ([, v]) => (JSON.parse(v) as { username: string }).username === dee,
    );
    expect(entries).toHaveLength(1);
    const [connectionId] = entries[0]!;
    const swept = await two.svc.redis
      .multi()
      .del(`${prefix}inst:${one.svc.instance}`)
      .hdel(`${prefix}conn`, connectionId)
      .srem(`${prefix}user:${dee.toLowerCase()}`, connectionId)
      .exec();
    expect(swept?.map(([, n]) => n)).toEqual([1, 1, 1]);
    await sleep(1_000); // replica one's next heartbeats
    expect(await listed()).toContain(dee);
    // The socket still works, and whispers to it are accepted again.
    const whisper = await two.http(
      'POST',
      `${new URL(await two.chatUrl(`eve${run}`)).pathname}chat/user/${dee}/direct`,
      {
        body: { username: encodePairs(`eve${run}`), messageBody: encodePairs('back?'), type: 3 },
      },
    );
    expect(whisper.status).toBe(200);
    expect((await d.event('ReceiveMessage')).arguments![1]).toBe(encodePairs('back?'));
    await d.close();
  });

  it('when a replica died without cleaning up, then its users are not listed and its entries are swept', async () => {
    const prefix = one.env.CHAT_REDIS_PREFIX!;
    const ghost = {
      connectionId: `dead-conn-${run}`,
      username: `ghost${run}`,
      instance: `dead-${run}`,
      packed: 16,
      since: new Date().toISOString(),
    };
    await one.svc.redis.hset(`${prefix}conn`, ghost.connectionId, JSON.stringify(ghost));
    await one.svc.redis.sadd(`${prefix}user:ghost${run}`, ghost.connectionId);
    const admin = await one.token(`admin${run}`, ['admin']);
    expect((await one.http('GET', '/chat/connected-clients', { token: admin })).body).not.toContain(`ghost${run}`);
    const whisper = await one.http(
      'POST',
      `${new URL(await one.chatUrl(`x${run}`)).pathname}chat/user/ghost${run}/direct`,
      {
        body: { username: `x${run}`, messageBody: encodePairs('there?') },
      },
    );
    expect(whisper.status).toBe(400);
    await sleep(1_000); // a few heartbeats, each followed by a sweep
    expect(await one.svc.redis.hexists(`${prefix}conn`, ghost.connectionId)).toBe(0);
  });
});
