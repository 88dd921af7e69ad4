import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECURITY_HEADERS } from '@league/platform';
import { testEnv } from '@league/platform/testing';
import { expressClaims } from '../src/proxy/gateway';
import { start, type RunningBff } from '../src/server';
import { startWitness } from './support/witness';

jest.setTimeout(60_000);

/**
 * The gateway forwards service calls before express; express keeps the BFF's own routes. Both must give an
 * answer what createApp gives every answer.
 */
describe('the BFF gateway', () => {
  let upstream: Awaited<ReturnType<typeof startWitness>>;
  let bff: RunningBff;

  beforeAll(async () => {
    upstream = await startWitness();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grim League</title>');
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: upstream.url,
      SEASON_URL: upstream.url,
      TRADE_URL: upstream.url,
      FILES_URL: upstream.url,
      CHAT_URL: upstream.url,
      FRONTEND_DIST: dist,
    });
  });

  afterAll(async () => {
    await bff.stop();
    await upstream.close();
  });

  it("when express's routes are read, then the BFF's own /api routes are claimed by method and path, service calls are not", () => {
    const claimed = expressClaims(bff.app);
    // The BFF's own: token relays, site config, the merged document and docs, the profile, the launcher's calls.
    expect(claimed('POST', '/api/account/login')).toBe(true);
    expect(claimed('POST', '/api/account/refresh-token')).toBe(true);
    expect(claimed('GET', '/api/site-config')).toBe(true);
    expect(claimed('GET', '/api/openapi.json')).toBe(true);
    expect(claimed('GET', '/api/docs/')).toBe(true);
    expect(claimed('GET', '/api/season/profile')).toBe(true);
    expect(claimed('HEAD', '/api/season/profile')).toBe(true);
    expect(claimed('GET', '/api/Season/profile')).toBe(true);
    expect(claimed('POST', '/api/season/participant/7/character')).toBe(true);
    // Service calls: the gateway forwards them.
    expect(claimed('GET', '/api/season/18/leaderboard')).toBe(false);
    expect(claimed('POST', '/api/season/profile')).toBe(false);
    expect(claimed('GET', '/api/account/login')).toBe(false);
    expect(claimed('GET', '/api/trade/trade-search')).toBe(false);
    expect(claimed('GET', '/api')).toBe(false);
  });

  it('when a service call is forwarded, then the answer has the security headers, a request id, and the latency metric its route', async () => {
    const res = await fetch(`${bff.url}/api/season/18/leaderboard?x=1`);
    expect(res.status).toBe(200);
    expect(upstream.seen.at(-1)).toEqual({ method: 'GET', url: '/season/18/leaderboard?x=1' });
    // The upstream sent none of these: they are the gateway's.
    for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // No cookies sent, none handed (csrf.ts); a browser holding a cookie of the site gets its token here.
    expect(res.headers.get('set-cookie')).toBeNull();
    const browser = await fetch(`${bff.url}/api/season/18/leaderboard`, { headers: { cookie: 'branch=prod' } });
    expect(browser.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/);
    const metrics = await (await fetch(`${bff.url}/metrics`)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/season"[^}]*\} [1-9]/);
  });

  it('when a browser posts to a service without the anti-forgery token, then the gateway refuses it and forwards nothing', async () => {
    const before = upstream.seen.length;
    const res = await fetch(`${bff.url}/api/trade/participant/1/list-trade`, {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=abc', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: 'Missing or invalid anti-forgery token; reload the page and try again',
    });
    for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(upstream.seen.length).toBe(before);
  });

  it('when the site itself or an unknown /api path is asked, then express answers it as before', async () => {
    const page = await fetch(`${bff.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Grim League');
    const unknown = await fetch(`${bff.url}/api/nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No API route for GET /api/nowhere' });
    for (const [name, value] of SECURITY_HEADERS) expect(unknown.headers.get(name)).toBe(value);
  });
});
