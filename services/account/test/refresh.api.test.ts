import type { RunningService } from '@league/platform';
import { client, signedUp, startAccount, stopAccount, type Client } from './support/harness';

jest.setTimeout(60_000);

describe('refreshing tokens', () => {
  let svc: RunningService;
  let api: Client;

  beforeAll(async () => {
    svc = await startAccount();
    api = client(svc.url);
  });
  afterAll(() => stopAccount(svc));

  const refresh = (refreshToken: string, username: string) =>
    api.post('/account/refresh-token', { refreshToken, username });

  it('when a refresh token is used, then new tokens come back and only a hash of each is stored', async () => {
    const user = await signedUp(svc, api, ['tester']);
    const res = await refresh(user.refresh, user.username);
    expect(res).toMatchObject({ status: 200, body: { role: 'tester' } });
    expect(res.body.refresh_token).not.toBe(user.refresh);
    expect(res.body.access_token).not.toBe(user.access);
    expect((await api.get('/user/active', res.body.access_token)).body.username).toBe(user.username);
    const stored = await svc.mongo.collection('refresh_tokens').find({}).toArray();
    const ids = stored.map((d) => String(d._id));
    expect(ids).not.toContain(user.refresh);
    expect(ids).not.toContain(res.body.refresh_token);
  });

  it('when a rotated token is used again, then the whole family is revoked, including the newest token', async () => {
    const user = await signedUp(svc, api);
    const second = await refresh(user.refresh, user.username);
    const third = await refresh(second.body.refresh_token, user.username);
    expect(third.status).toBe(200);
    const replay = await refresh(user.refresh, user.username);
    expect(replay).toMatchObject({
      status: 401,
      body: { message: 'Refresh token was already used; every session from that login has been signed out' },
    });
    expect(await refresh(third.body.refresh_token, user.username)).toMatchObject({
      status: 401,
      body: { message: 'Refresh token has been revoked; log in again' },
    });
  });

  it('when another login of the same user exists, then reuse in one family leaves the other family working', async () => {
    const user = await signedUp(svc, api);
    const other = await api.post('/account/login', { username: user.username, password: 'correct-horse-1' });
    await refresh(user.refresh, user.username);
    expect((await refresh(user.refresh, user.username)).status).toBe(401);
    expect((await refresh(other.body.refresh_token, user.username)).status).toBe(200);
  });

  it('when the same token is refreshed twice at once, then at most one succeeds', async () => {
    const user = await signedUp(svc, api);
    const both = await Promise.all([refresh(user.refresh, user.username), refresh(user.refresh, user.username)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('when the token is unknown, belongs to someone else, or a field is missing, then 401 or 400 with a message', async () => {
    const user = await signedUp(svc, api);
    const other = await signedUp(svc, api);
    const invalid = { status: 401, body: { message: 'Refresh token is not valid; log in again' } };
    expect(await refresh('not-a-real-token', user.username)).toMatchObject(invalid);
    expect(await refresh(user.refresh, other.username)).toMatchObject(invalid);
    expect(await api.post('/account/refresh-token', { refreshToken: user.refresh })).toMatchObject({
      status: 400,
      body: { message: 'Invalid body: username: Required' },
    });
    // Refusing a mismatched name did not burn the token for its owner.
    expect((await refresh(user.refresh, user.username.toUpperCase())).status).toBe(200);
  });

  it('when a refresh token is past its stored expiry, then 401 says it expired', async () => {
    const user = await signedUp(svc, api);
    await svc.mongo.collection('refresh_tokens').updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refresh(user.refresh, user.username)).toMatchObject({
      status: 401,
      body: { message: 'Refresh token has expired; log in again' },
    });
  });
});

describe('many logins of one user (the launcher logs in every 15 minutes)', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startAccount();
  });
  afterAll(() => stopAccount(svc));

  it('when an eleventh login happens, then the oldest login can no longer refresh and ten stay live', async () => {
    const api = client(svc.url);
    const user = await signedUp(svc, api);
    const logins = [user.refresh];
    for (let i = 0; i < 10; i += 1) {
      const res = await api.post('/account/login', { username: user.username, password: 'correct-horse-1' });
      logins.push(res.body.refresh_token as string);
    }
    expect(await svc.mongo.collection('refresh_tokens').countDocuments({ usedAt: null, revokedAt: null })).toBe(10);
    const oldest = await api.post('/account/refresh-token', { refreshToken: logins[0], username: user.username });
    expect(oldest).toMatchObject({ status: 401, body: { message: 'Refresh token is not valid; log in again' } });
    const second = await api.post('/account/refresh-token', { refreshToken: logins[1], username: user.username });
    expect(second.status).toBe(200);
  });
});
