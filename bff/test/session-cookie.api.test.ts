import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { RunningService } from '@league/platform';
import { eventually, testEnv } from '@league/platform/testing';
import { start as startAccount } from '../../services/account/src/server';
import { tempKeyFile } from '../../services/account/test/support/harness';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(90_000);

const PASSWORD = 'correct-horse-1';
const json = { 'content-type': 'application/json' };
const unique = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A browser's session at the BFF: the XSRF pair from a first GET, and whatever cookies it is handed. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  async open() {
    await this.request('GET', '/');
    return this;
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : json),
        ...(cookie ? { cookie } : {}),
        ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}

const refreshCookieOf = (res: { headers: Headers }) =>
  res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='));

describe('the refresh token in an HttpOnly cookie, set and read by the BFF', () => {
  let account: RunningService;
  let bff: RunningBff;
  let username: string;

  beforeAll(async () => {
    account = await startAccount({ ...testEnv('account'), JWT_PRIVATE_KEY_FILE: tempKeyFile() });
    bff = await start({ ...testEnv('bff'), ACCOUNT_URL: account.url, FRONTEND_DIST: os.tmpdir() });
    username = unique('ck');
    const reg = await fetch(`${bff.url}/api/account/register-user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, email: `${username}@example.test`, password: PASSWORD }),
    });
    expect(reg.status).toBe(200);
  });
  afterAll(async () => {
    await bff?.stop();
    await account?.mongo.dropDatabase();
    await account?.stop();
  });

  it('when the site logs in, then the refresh token comes only as an HttpOnly, SameSite=Strict cookie scoped to /api/account', async () => {
    const browser = await new Browser(bff.url).open();
    const login = await browser.request('POST', '/api/account/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['access_token', 'role']);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const cookie = refreshCookieOf(login)!;
    expect(cookie).toMatch(
      /^refreshToken=[A-Za-z0-9_-]{43}; Path=\/api\/account; Max-Age=2592000; HttpOnly; SameSite=Strict$/,
    );
    // Served over https (the ingress says so from a trusted hop): the cookie is Secure as well.
    const overTls = await browser.request(
      'POST',
      '/api/account/login',
      { username, password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(refreshCookieOf(overTls)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('when the site refreshes with only the username, then the cookie is used, rotated, and a reused one is refused and cleared', async () => {
    const browser = await new Browser(bff.url).open();
    await browser.request('POST', '/api/account/login', { username, password: PASSWORD });
    const first = browser.jar.get('refreshToken')!;
    const refreshed = await browser.request('POST', '/api/account/refresh-token', { username });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body).sort()).toEqual(['access_token', 'role']);
    const second = browser.jar.get('refreshToken')!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const me = await fetch(`${bff.url}/api/user/active`, {
      headers: { authorization: `Bearer ${refreshed.body.access_token as string}` },
    });
    expect(((await me.json()) as { username: string }).username).toBe(username);

    // A copy of the first cookie replayed: reuse revokes the login, and the BFF clears the cookie.
    browser.jar.set('refreshToken', first);
    const reused = await browser.request('POST', '/api/account/refresh-token', { username });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/already used/);
    expect(refreshCookieOf(reused)).toMatch(/^refreshToken=; Path=\/api\/account; Max-Age=0;/);
    expect(browser.jar.has('refreshToken')).toBe(false);
  });

  it('when the site has no refresh cookie, then refreshing with the username alone is a 400 with a message', async () => {
    const browser = await new Browser(bff.url).open();
    const res = await browser.request('POST', '/api/account/refresh-token', { username });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/refreshToken/);
  });

  it('when the launcher logs in and refreshes without cookies, then it gets and sends the refresh token in the body as before', async () => {
    const login = await fetch(`${bff.url}/api/Account/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    const tokens = (await login.json()) as Record<string, string>;
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'refresh_token', 'role']);
    const refreshed = await fetch(`${bff.url}/api/account/refresh-token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refreshToken: tokens.refresh_token, username }),
    });
    expect(refreshed.status).toBe(200);
    expect(Object.keys((await refreshed.json()) as object).sort()).toEqual(['access_token', 'refresh_token', 'role']);
  });

  it('when the site logs out, then the cookie is cleared and its login is revoked at the account service', async () => {
    const browser = await new Browser(bff.url).open();
    await browser.request('POST', '/api/account/login', { username, password: PASSWORD });
    const token = browser.jar.get('refreshToken')!;
    const out = await browser.request('POST', '/api/account/logout');
    expect(out).toMatchObject({ status: 200, body: { message: 'Signed out' } });
    expect(browser.jar.has('refreshToken')).toBe(false);
    // Even a copy taken before logout no longer works.
    const replay = await fetch(`${bff.url}/api/account/refresh-token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refreshToken: token, username }),
    });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toBe('Refresh token has been revoked; log in again');
  });

  it("when failed logins pass through the BFF, then the account limits the client's address (not the BFF's) and Retry-After comes back", async () => {
    const attacker = '198.51.100.7';
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await fetch(`${bff.url}/api/account/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': attacker },
        body: JSON.stringify({ username, password: 'wrong-password' }),
      });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last!.json()) as { message: string }).message).toMatch(/^Too many failed logins/);
    // The player, from another address through the same BFF, still logs in.
    const player = await fetch(`${bff.url}/api/account/login`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '198.51.100.8' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    expect(player.status).toBe(200);
  });
});

/** An upstream that answers every request 200 and counts them. */
async function startCounter() {
  let seen = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the global per-address limit at the BFF', () => {
  let upstream: Awaited<ReturnType<typeof startCounter>>;
  let bff: RunningBff;

  beforeAll(async () => {
    upstream = await startCounter();
    const urls = Object.fromEntries(
      ['ACCOUNT_URL', 'SEASON_URL', 'TRADE_URL', 'FILES_URL', 'CHAT_URL'].map((k) => [k, upstream.url]),
    );
    bff = await start({
      ...testEnv('bff'),
      ...urls,
      FRONTEND_DIST: os.tmpdir(),
      API_RATE_LIMIT_PER_WINDOW: '20',
      API_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await bff?.stop();
    await upstream?.close();
  });

  it('when 50 requests from one address arrive at once, then 20 reach the services and 30 get 429 with Retry-After', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${bff.url}/api/season/latest`, { headers: { 'x-forwarded-for': address } }).then(async (r) => ({
          status: r.status,
          retry: r.headers.get('retry-after'),
          body: (await r.json()) as { message?: string },
        })),
      ),
    );
    const limited = replies.filter((r) => r.status === 429);
    console.log(`50 parallel requests from one address at the BFF (limit 20): ${limited.length} limited`);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(20);
    expect(limited).toHaveLength(30);
    expect(upstream.seen()).toBe(20);
    expect(limited[0]!.body).toEqual({
      message: 'Too many requests from your address; slow down and try again shortly',
    });
    expect(Number(limited[0]!.retry)).toBeGreaterThan(0);
    expect(Number(limited[0]!.retry)).toBeLessThanOrEqual(60);
    // Another address is unaffected; the site itself (not /api) is not counted.
    const other = await fetch(`${bff.url}/api/season/latest`, { headers: { 'x-forwarded-for': '203.0.113.254' } });
    expect(other.status).toBe(200);
    const home = await fetch(`${bff.url}/health`, { headers: { 'x-forwarded-for': address } });
    expect(home.status).toBe(200);
  });
});

describe('BFF configuration in production', () => {
  it('when NODE_ENV=production lacks the upstreams and Redis, then start refuses naming every one', async () => {
    const refusal = await start({ NODE_ENV: 'production', PORT: '0' }).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(refusal).toMatch(/^Invalid configuration:/);
    for (const name of ['ACCOUNT_URL', 'SEASON_URL', 'TRADE_URL', 'FILES_URL', 'CHAT_URL', 'REDIS_URL']) {
      expect(refusal).toContain(`${name}: must be set when NODE_ENV=production (missing)`);
    }
  });
});

describe('isPatreonConnected in GET /api/season/profile, composed from season and account', () => {
  let account: RunningService;
  let season: http.Server;
  let seasonUrl: string;
  let bff: RunningBff;
  const seasonSaw: string[] = [];

  beforeAll(async () => {
    account = await startAccount({ ...testEnv('account'), JWT_PRIVATE_KEY_FILE: tempKeyFile() });
    // A season stand-in answering as the season service does: its profile always says false.
    season = http.createServer((req, res) => {
      seasonSaw.push(`${req.url} ${req.headers.authorization ? 'auth' : 'anon'}`);
      if (req.url?.startsWith('/season/profile') && req.headers.authorization) {
        if (req.url.includes('branch=beta')) {
          res.writeHead(204);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            username: 'x',
            isPatreonConnected: false,
            seasonParticipants: [{ seasonParticipantId: 1 }],
          }),
        );
        return;
      }
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"message":"Authentication required"}');
    });
    await new Promise<void>((r) => season.listen(0, '127.0.0.1', () => r()));
    seasonUrl = `http://127.0.0.1:${(season.address() as AddressInfo).port}`;
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: account.url,
      SEASON_URL: seasonUrl,
      FRONTEND_DIST: os.tmpdir(),
    });
  });
  afterAll(async () => {
    await bff?.stop();
    await new Promise<void>((r) => season.close(() => r()));
    await account?.mongo.dropDatabase();
    await account?.stop();
  });

  async function player(linked: boolean) {
    const name = unique('pp');
    await fetch(`${bff.url}/api/account/register-user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: name, email: `${name}@example.test`, password: PASSWORD }),
    });
    if (linked) {
      // Linked as the connect call would leave it, once the relay is done with the new document.
      const users = account.mongo.collection('users');
      await eventually(async () => (await users.findOne({ usernameKey: name.toLowerCase() }))?.outbox.length === 0);
      await users.updateOne({ usernameKey: name.toLowerCase() }, { $set: { patreonId: `p-${name}` } });
    }
    const login = await fetch(`${bff.url}/api/account/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: name, password: PASSWORD }),
    });
    return ((await login.json()) as { access_token: string }).access_token;
  }

  // The site's path (the launcher's capitalised Season/profile has its own route in bff/src/launcher).
  const profile = (token?: string, query = '?branch=prod') =>
    fetch(`${bff.url}/api/season/profile${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("when a linked and an unlinked player read their profile, then each sees the account service's answer", async () => {
    const linked = await profile(await player(true));
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({
      username: 'x',
      isPatreonConnected: true,
      seasonParticipants: [{ seasonParticipantId: 1 }],
    });
    const unlinked = await profile(await player(false));
    expect(((await unlinked.json()) as { isPatreonConnected: boolean }).isPatreonConnected).toBe(false);
    expect(seasonSaw.at(-1)).toBe('/season/profile?branch=prod auth');
  });

  it('when season answers 204 or 401, then that answer passes through unchanged', async () => {
    const token = await player(true);
    const none = await profile(token, '?branch=beta');
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
    const anon = await profile(undefined);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ message: 'Authentication required' });
  });
});
