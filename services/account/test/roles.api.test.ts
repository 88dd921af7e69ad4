import { randomUUID } from 'node:crypto';
import { rolesChangedV1, socialsUpdatedV1, type EventEnvelope } from '@league/contracts';
import { createLogger, EventBus, type RunningService } from '@league/platform';
import { client, eventually, signedUp, startAccount, stopAccount, uniqueName, type Client } from './support/harness';

jest.setTimeout(120_000);

type Roles = { userId: string; username: string; roles: string[] };
type SocialsEvent = { username: string; twitchUrl: string | null; youtubeUrl: string | null };

describe('roles, supporters and socials', () => {
  let svc: RunningService;
  let api: Client;
  let bus: EventBus;
  const seen: Array<EventEnvelope<Roles | SocialsEvent>> = [];
  let admin: Awaited<ReturnType<typeof signedUp>>;

  beforeAll(async () => {
    svc = await startAccount();
    api = client(svc.url);
    // A consumer of our own, as the season service will be: it must see what the outbox published.
    bus = new EventBus({ brokers: ['127.0.0.1:9092'], clientId: 'roles-test', logger: createLogger('t', 'silent') });
    await bus.subscribe({
      groupId: `account-roles-test-${randomUUID().slice(0, 8)}`,
      handlers: {
        [rolesChangedV1.type]: async (e: EventEnvelope<Roles>) => void seen.push(e),
        [socialsUpdatedV1.type]: async (e: EventEnvelope<SocialsEvent>) => void seen.push(e),
      },
    });
    admin = await signedUp(svc, api, ['admin']);
  });
  afterAll(async () => {
    await bus?.disconnect();
    await stopAccount(svc);
  });

  it('when an admin adds and revokes supporter, then roles follow and roles-changed reaches a consumer each time', async () => {
    const player = await signedUp(svc, api);
    const added = await api.post(`/user/${player.username.toUpperCase()}/add-supporter`, undefined, admin.access);
    expect(added).toMatchObject({ status: 200, body: ['supporter_s7'] });
    expect(await api.get(`/user/${player.username}/roles`, admin.access)).toMatchObject({ body: ['supporter_s7'] });
    const first = await eventually(async () =>
      seen.find((e) => e.type === rolesChangedV1.type && e.data.username === player.username),
    );
    expect(first.data).toMatchObject({ roles: ['supporter_s7'] });

    const again = await api.post(`/user/${player.username}/add-supporter`, undefined, admin.access);
    expect(again).toMatchObject({ status: 200, body: ['supporter_s7'] });
    const revoked = await api.post(`/user/${player.username}/revoke-supporter`, undefined, admin.access);
    expect(revoked).toMatchObject({ status: 200, body: [] });
    const events = await eventually(async () => {
      const mine = seen.filter((e) => e.type === rolesChangedV1.type && e.data.username === player.username);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(events.map((e) => (e.data as Roles).roles)).toEqual([['supporter_s7'], []]);
    // The repeated add changed nothing, so it published nothing. Barrier: a later change of the same
    // user (same key, so the same partition, in order) arrives; anything the no-op had published would
    // have arrived before it.
    await api.post(`/user/${player.username}/add-supporter`, undefined, admin.access);
    const after = await eventually(async () => {
      const mine = seen.filter((e) => e.type === rolesChangedV1.type && e.data.username === player.username);
      return mine.length >= 3 ? mine : undefined;
    });
    expect(after.map((e) => (e.data as Roles).roles)).toEqual([['supporter_s7'], [], ['supporter_s7']]);
    // A new login carries the current role (supporter again, after the barrier's add).
    const relog = await api.post('/account/login', { username: player.username, password: 'correct-horse-1' });
    expect(relog.body.role).toBe('supporter_s7');
  });

  it('when someone other than an admin changes supporters, then 401 or 403; an unknown user is 404', async () => {
    const player = await signedUp(svc, api);
    expect(await api.post(`/user/${player.username}/add-supporter`)).toMatchObject({
      status: 401,
      body: { message: 'Authentication required' },
    });
    expect(await api.post(`/user/${player.username}/add-supporter`, undefined, player.access)).toMatchObject({
      status: 403,
      body: { message: 'Requires the admin role' },
    });
    expect(await api.post(`/user/${player.username}/revoke-supporter`, undefined, player.access)).toMatchObject({
      status: 403,
    });
    const ghost = uniqueName('ghost');
    expect(await api.post(`/user/${ghost}/add-supporter`, undefined, admin.access)).toMatchObject({
      status: 404,
      body: { message: `No user named ${ghost}` },
    });
  });

  it('when roles are read, then the holder and admins see them and other players get 403', async () => {
    const player = await signedUp(svc, api, ['tester']);
    const other = await signedUp(svc, api);
    expect(await api.get(`/user/${player.username}/roles`, player.access)).toMatchObject({
      status: 200,
      body: ['tester'],
    });
    expect(await api.get(`/user/${player.username}/roles`, other.access)).toMatchObject({
      status: 403,
      body: { message: 'You can only see your own roles' },
    });
    expect(await api.get(`/user/${player.username}/roles`)).toMatchObject({ status: 401 });
  });

  it('when supporters are listed, then anyone gets the supporter names and nothing else', async () => {
    const a = await signedUp(svc, api);
    const b = await signedUp(svc, api);
    await api.post(`/user/${a.username}/add-supporter`, undefined, admin.access);
    await api.post(`/user/${b.username}/add-supporter`, undefined, admin.access);
    await api.post(`/user/${b.username}/revoke-supporter`, undefined, admin.access);
    const list = await api.get('/admin/supporters');
    expect(list.status).toBe(200);
    expect(list.body).toContain(a.username);
    expect(list.body).not.toContain(b.username);
    expect(list.body).not.toContain(admin.username);
  });

  it('when a player saves own socials, then anyone can read them and socials-updated is published', async () => {
    const player = await signedUp(svc, api);
    const body = { username: player.username, twitchUrl: 'https://www.twitch.tv/grim', youtubeUrl: '' };
    expect(await api.post('/user/socials', body, player.access)).toMatchObject({
      status: 200,
      body: { username: player.username, twitchUrl: 'https://www.twitch.tv/grim', youtubeUrl: null },
    });
    expect(await api.get(`/user/${player.username.toLowerCase()}/socials`)).toMatchObject({
      status: 200,
      body: { username: player.username, twitchUrl: 'https://www.twitch.tv/grim', youtubeUrl: null },
    });
    const event = await eventually(async () =>
      seen.find((e) => e.type === socialsUpdatedV1.type && e.data.username === player.username),
    );
    expect(event.data).toMatchObject({ twitchUrl: 'https://www.twitch.tv/grim', youtubeUrl: null });
  });

  it('when socials are bad, someone else’s or unknown, then 400, 403, 401 or 404 with a message', async () => {
    const player = await signedUp(svc, api);
    const other = await signedUp(svc, api);
    const post = (b: object, t?: string) => api.post('/user/socials', { username: player.username, ...b }, t);
    expect(await post({ twitchUrl: 'https://evil.example/twitch.tv' }, player.access)).toMatchObject({
      status: 400,
      body: { message: 'twitchUrl must be a link to Twitch' },
    });
    expect(await post({ youtubeUrl: 'javascript:alert(1)' }, player.access)).toMatchObject({
      status: 400,
      body: { message: 'youtubeUrl must be a link to YouTube' },
    });
    expect(await post({ twitchUrl: 'https://twitch.tv/x' }, other.access)).toMatchObject({
      status: 403,
      body: { message: 'You can only change your own socials' },
    });
    expect(await post({ twitchUrl: 'https://twitch.tv/x' })).toMatchObject({ status: 401 });
    expect(await api.post('/user/socials', { twitchUrl: 'https://twitch.tv/x' }, player.access)).toMatchObject({
      status: 400,
      body: { message: 'Invalid body: username: Required' },
    });
    const ghost = uniqueName('ghost');
    expect(await api.get(`/user/${ghost}/socials`)).toMatchObject({
      status: 404,
      body: { message: `No user named ${ghost}` },
    });
    expect((await api.get(`/user/${player.username}/socials`)).body).toEqual({
      username: player.username,
      twitchUrl: null,
      youtubeUrl: null,
    });
  });
});
