import os from 'node:os';
import type { RunningService } from '@league/platform';
import { testEnv } from '@league/platform/testing';
import { start as startAccount } from '../../services/account/src/server';
import { tempKeyFile } from '../../services/account/test/support/harness';
import { start, type RunningBff } from '../src/server';
import { startWitness } from './support/witness';

jest.setTimeout(60_000);

const REFUSED = { message: 'Missing or invalid anti-forgery token; reload the page and try again' };

describe('CSRF at the BFF', () => {
  let witness: Awaited<ReturnType<typeof startWitness>>;
  let bff: RunningBff;

  beforeAll(async () => {
    witness = await startWitness();
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: witness.url,
      SEASON_URL: witness.url,
      TRADE_URL: witness.url,
      FILES_URL: witness.url,
      CHAT_URL: witness.url,
      FRONTEND_DIST: os.tmpdir(),
    });
  });
  afterAll(async () => {
    await bff.stop();
    await witness.close();
  });

  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${bff.url}${path}`, { method, headers, body: method === 'GET' ? undefined : '{}' });

  /** The token a browser is handed with the page it opens the site on. */
  async function issuedToken(): Promise<string> {
    const res = await fetch(`${bff.url}/`);
    const cookie = res.headers.get('set-cookie')!;
    return /XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!;
  }

  it('when a GET arrives without the cookie, then XSRF-TOKEN is set, readable by scripts, SameSite=Lax; not again once held', async () => {
    const first = await fetch(`${bff.url}/`);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)![1];
    const again = await fetch(`${bff.url}/api/season/latest`, { headers: { cookie: `XSRF-TOKEN=${token}` } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await issuedToken()).not.toBe(token);
  });

  it('when an API GET comes with no cookies (the launcher, a script), then none is set; with a cookie of the site but not the token, the token is set', async () => {
    const bare = await fetch(`${bff.url}/api/season/latest`);
    expect(bare.headers.get('set-cookie')).toBeNull();
    const browser = await fetch(`${bff.url}/api/season/latest`, { headers: { cookie: 'branch=prod' } });
    expect(browser.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
  });

  it('when a browser POSTs with the cookie and the matching header, then the request reaches the service', async () => {
    const token = await issuedToken();
    const before = witness.seen.length;
    const res = await send('POST', '/api/user/socials', {
      cookie: `authToken=x; XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
      authorization: 'Bearer abc',
    });
    expect(res.status).toBe(200);
    expect(witness.seen.slice(before)).toEqual([{ method: 'POST', url: '/user/socials' }]);
  });

  it.each([
    ['the cookie but no header', (t: string) => ({ cookie: `XSRF-TOKEN=${t}` })],
    ['the cookie and a different header', (t: string) => ({ cookie: `XSRF-TOKEN=${t}`, 'x-xsrf-token': `${t}x` })],
    ['another cookie, a bearer token and no XSRF pair', () => ({ cookie: 'authToken=abc', authorization: 'Bearer t' })],
    ['a header but no XSRF cookie', (t: string) => ({ cookie: 'branch=prod', 'x-xsrf-token': t })],
    ['no cookies but Basic auth', () => ({ authorization: 'Basic YTpi' })],
  ])('when a POST carries %s, then 403 with a message and nothing is forwarded', async (_what, headers) => {
    const token = await issuedToken();
    const before = witness.seen.length;
    const res = await send('POST', '/api/account/change-password', headers(token));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    expect(witness.seen.length).toBe(before);
  });

  it('when PUT or DELETE lacks the header, then it is refused too; GET and HEAD never are', async () => {
    const token = await issuedToken();
    const cookie = `XSRF-TOKEN=${token}`;
    expect((await send('PUT', '/api/trade/participant/1/trade-listing', { cookie })).status).toBe(403);
    expect((await send('DELETE', '/api/season/build/1', { cookie })).status).toBe(403);
    expect((await send('GET', '/api/season/latest', { cookie })).status).toBe(200);
    expect((await fetch(`${bff.url}/api/season/latest`, { method: 'HEAD', headers: { cookie } })).status).toBe(200);
  });

  it('when a caller sends no cookies, with a bearer token or no auth at all (the launcher), then it is exempt', async () => {
    const before = witness.seen.length;
    expect((await send('POST', '/api/Account/login')).status).toBe(200);
    expect(
      (await send('POST', '/api/Season/participant/1/stash?branch=prod', { authorization: 'Bearer tok' })).status,
    ).toBe(200);
    expect(witness.seen.length).toBe(before + 2);
  });
});

describe('CSRF in front of the real account service', () => {
  let account: RunningService;
  let bff: RunningBff;

  beforeAll(async () => {
    account = await startAccount({ ...testEnv('account'), JWT_PRIVATE_KEY_FILE: tempKeyFile() });
    bff = await start({ ...testEnv('bff'), ACCOUNT_URL: account.url, FRONTEND_DIST: os.tmpdir() });
  });
  afterAll(async () => {
    await bff.stop();
    await account.mongo.dropDatabase();
    await account.stop();
  });

  it('when the site registers with the XSRF pair and the launcher logs in without cookies, then both succeed', async () => {
    const token = /XSRF-TOKEN=([^;]+)/.exec((await fetch(`${bff.url}/`)).headers.get('set-cookie')!)![1]!;
    const username = `csrf${Date.now().toString(36)}`;
    const body = JSON.stringify({ username, email: `${username}@example.test`, password: 'correct-horse-1' });
    const json = { 'content-type': 'application/json' };
    const refused = await fetch(`${bff.url}/api/account/register-user`, {
      method: 'POST',
      headers: { ...json, cookie: `XSRF-TOKEN=${token}` },
      body,
    });
    expect(refused.status).toBe(403);
    const registered = await fetch(`${bff.url}/api/account/register-user`, {
      method: 'POST',
      headers: { ...json, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      body,
    });
    expect(registered.status).toBe(200);
    const login = await fetch(`${bff.url}/api/Account/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: 'correct-horse-1' }),
    });
    expect(login.status).toBe(200);
    const { access_token: access } = (await login.json()) as { access_token: string };
    const me = await fetch(`${bff.url}/api/user/active`, { headers: { authorization: `Bearer ${access}` } });
    expect(((await me.json()) as { username: string }).username).toBe(username);
  });
});
