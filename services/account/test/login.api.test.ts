import type { RunningService } from '@league/platform';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { client, PASSWORD, signedUp, startAccount, stopAccount, uniqueName, type Client } from './support/harness';

jest.setTimeout(90_000);

const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'invalid_username_or_password',
  message: 'Invalid username or password',
};

describe('logging in', () => {
  let svc: RunningService;
  let api: Client;

  beforeAll(async () => {
    svc = await startAccount();
    api = client(svc.url);
  });
  afterAll(() => stopAccount(svc));

  it('when the credentials are right, then the access token verifies against the published JWKS with the spec claims', async () => {
    const admin = await signedUp(svc, api, ['supporter_s7', 'tester', 'admin']);
    expect(admin.role).toBe('admin');
    expect(admin.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const jwks = await api.get('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();
    expect(decodeProtectedHeader(admin.access)).toMatchObject({ alg: 'EdDSA', kid: jwks.body.keys[0].kid });
    const { payload } = await jwtVerify(admin.access, createRemoteJWKSet(new URL(`${svc.url}/.well-known/jwks.json`)), {
      issuer: 'grim-league',
      audience: 'grim-league-api',
    });
    expect(payload).toMatchObject({ username: admin.username, role: 'admin' });
    expect([...(payload.roles as string[])].sort()).toEqual(['admin', 'supporter_s7', 'tester']);
    expect(payload.exp! - payload.iat!).toBe(3600);
    const me = await api.get('/user/active', admin.access);
    expect(me).toMatchObject({
      status: 200,
      body: { username: admin.username, role: 'admin', isPatreonConnected: false },
    });
    expect(payload.sub).toBe(me.body.userId);
  });

  it('when a player logs in, then role is player; a tester outranks a supporter', async () => {
    expect((await signedUp(svc, api)).role).toBe('player');
    expect((await signedUp(svc, api, ['supporter_s7'])).role).toBe('supporter_s7');
    expect((await signedUp(svc, api, ['supporter_s7', 'tester'])).role).toBe('tester');
  });

  it('when the launcher logs in at Account/login, then it gets exactly 200 with the three fields, case-insensitively', async () => {
    const user = await signedUp(svc, api);
    const res = await api.post('/Account/login', { username: user.username.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'refresh_token', 'role']);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await api.get('/Account/status')).toMatchObject({ status: 200, body: { status: 'online' } });
  });

  it('when the password is wrong or the user unknown, then 400 invalid_grant in the shape the frontend reads', async () => {
    const user = await signedUp(svc, api);
    expect(await api.post('/account/login', { username: user.username, password: 'wrong-password' })).toMatchObject({
      status: 400,
      body: INVALID_GRANT,
    });
    expect(await api.post('/account/login', { username: uniqueName('ghost'), password: PASSWORD })).toMatchObject({
      status: 400,
      body: INVALID_GRANT,
    });
    expect(await api.post('/account/login', { username: user.username })).toMatchObject({
      status: 400,
      body: { message: 'Invalid body: password: Required' },
    });
  });

  it('when a player uses the admin login, then 403 with a message; an admin gets tokens', async () => {
    const player = await signedUp(svc, api);
    expect(await api.post('/account/admin-login', { username: player.username, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { message: 'Only admins can log in here' },
    });
    expect(await api.post('/account/admin-login', { username: player.username, password: 'nope-nope' })).toMatchObject({
      status: 400,
      body: INVALID_GRANT,
    });
    const admin = await signedUp(svc, api, ['admin']);
    const res = await api.post('/account/admin-login', { username: admin.username, password: PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { role: 'admin' } });
  });

  it('when ten logins failed for a username from one address, then the eleventh is 429 even with the right password', async () => {
    const user = await signedUp(svc, api);
    for (let i = 1; i <= 10; i += 1) {
      const res = await api.post('/account/login', { username: user.username, password: `wrong-${i}-password` });
      expect(res.status).toBe(400);
    }
    const blocked = await api.post('/account/login', { username: user.username, password: PASSWORD });
    expect(blocked).toMatchObject({
      status: 429,
      body: { message: 'Too many failed logins; try again in 15 minutes' },
    });
    // The window is per username: another player from the same address is unaffected.
    const other = await signedUp(svc, api);
    expect((await api.post('/account/login', { username: other.username, password: PASSWORD })).status).toBe(200);
  });

  it('when nine failures are followed by a success, then the counter starts again', async () => {
    const user = await signedUp(svc, api);
    for (let i = 0; i < 9; i += 1)
      await api.post('/account/login', { username: user.username, password: 'wrong-pass' });
    expect((await api.post('/account/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 9; i += 1)
      await api.post('/account/login', { username: user.username, password: 'wrong-pass' });
    expect((await api.post('/account/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it('when a route needs a token and gets none or a forged one, then 401 with a message', async () => {
    expect(await api.get('/user/active')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    const user = await signedUp(svc, api);
    const [h, p] = user.access.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    expect(await api.get('/user/active', forged)).toMatchObject({
      status: 401,
      body: { message: 'Invalid access token' },
    });
  });
});

describe('an access token past its lifetime', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startAccount({ ACCESS_TOKEN_TTL_SECONDS: '1' });
  });
  afterAll(() => stopAccount(svc));

  it('when it is used after expiry, then 401 says it expired, and a refresh brings a working one', async () => {
    const api = client(svc.url);
    const user = await signedUp(svc, api);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await api.get('/user/active', user.access)).toMatchObject({
      status: 401,
      body: { message: 'Access token has expired', code: 'token_expired' },
    });
    const refreshed = await api.post('/account/refresh-token', { refreshToken: user.refresh, username: user.username });
    expect(refreshed.status).toBe(200);
    expect((await api.get('/user/active', refreshed.body.access_token)).status).toBe(200);
  });
});
