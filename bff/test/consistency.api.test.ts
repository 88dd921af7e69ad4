import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodePositions, encodePositions } from '@league/platform';
import { testEnv } from '@league/platform/testing';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

/**
 * Read-your-writes at the BFF: a service's `X-Consistency` answer becomes the browser's short-lived cookie
 * (merged with what it held), and every later request of that browser carries it upstream; a client without
 * cookies (the launcher) gets the header and sends it back itself.
 */
describe('the BFF keeps the reader’s consistency token', () => {
  const seen: Array<{ url: string; token: string | undefined }> = [];
  let upstream: http.Server;
  let bff: RunningBff;
  const xsrf = 'XSRF-TOKEN=t0k3n';
  const browser = (cookies: string) => ({ cookie: `${xsrf}; ${cookies}`.replace(/; $/, ''), 'x-xsrf-token': 't0k3n' });

  beforeAll(async () => {
    // Answers `X-Consistency: <?answer=>` and records the token each request brought.
    upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const token = req.headers['x-consistency'];
        seen.push({ url: req.url!, token: typeof token === 'string' ? token : undefined });
        const answer = new URL(req.url!, 'http://x').searchParams.get('answer');
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(answer ? { 'x-consistency': answer } : {}),
        });
        res.end(req.url!.startsWith('/season/profile') ? '{"seasonParticipants":[]}' : '{"ok":true}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grim League</title>');
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: url,
      SEASON_URL: url,
      TRADE_URL: url,
      FILES_URL: url,
      CHAT_URL: url,
      FRONTEND_DIST: dist,
    });
  });

  afterAll(async () => {
    await bff.stop();
    await new Promise<void>((r) => {
      upstream.close(() => r());
      upstream.closeAllConnections();
    });
  });

  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('consistency='))
      ?.split(';')[0]!
      .slice('consistency='.length);

  it('when a browser’s write answers with positions, then they come back as an HttpOnly five-minute cookie and travel with its next reads', async () => {
    const written = encodePositions({ 'trade.reservation-changed.v1': { '1': 40 } });
    const write = await fetch(`${bff.url}/api/trade/participant/1/list-trade?answer=${written}`, {
      method: 'POST',
      headers: { ...browser(''), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(200);
    const line = write.headers.getSetCookie().find((c) => c.startsWith('consistency='))!;
    expect(line).toBe(`consistency=${written}; Path=/api; Max-Age=300; HttpOnly; SameSite=Lax`);
    expect(write.headers.get('x-consistency')).toBe(written);

    const read = await fetch(`${bff.url}/api/season/participant/1/stash`, {
      headers: browser(`consistency=${written}`),
    });
    expect(read.status).toBe(200);
    expect(seen.at(-1)).toEqual({ url: '/season/participant/1/stash', token: written });
    // A read that wrote nothing leaves the cookie as it is.
    expect(cookieOf(read)).toBeUndefined();
  });

  it('when the cookie already holds positions, then the new answer is merged in (the larger offset per partition)', async () => {
    const held = encodePositions({ 'a.v1': { '0': 9 }, 'b.v1': { '2': 3 } });
    const answer = encodePositions({ 'a.v1': { '0': 4, '1': 7 } });
    const write = await fetch(`${bff.url}/api/season/add-participant/18?answer=${answer}`, {
      method: 'POST',
      headers: browser(`lang=de; consistency=${held}; other=1`),
    });
    expect(seen.at(-1)!.token).toBe(held);
    expect(decodePositions(cookieOf(write))).toEqual({ 'a.v1': { '0': 9, '1': 7 }, 'b.v1': { '2': 3 } });
  });

  it('when the launcher (no cookies) writes and reads, then the token goes back in the header only and comes with its next request', async () => {
    const answer = encodePositions({ 'season.challenge-completed.v1': { '0': 12 } });
    const write = await fetch(`${bff.url}/api/Season/participant/5/quest-tag/gdl_x?answer=${answer}`, {
      method: 'POST',
      headers: { authorization: 'Bearer abc' },
    });
    expect(write.status).toBe(200);
    expect(write.headers.get('x-consistency')).toBe(answer);
    expect(write.headers.getSetCookie().filter((c) => c.startsWith('consistency='))).toEqual([]);
    await fetch(`${bff.url}/api/Season/participant/5/standing`, { headers: { 'x-consistency': answer } });
    expect(seen.at(-1)).toEqual({ url: '/Season/participant/5/standing', token: answer });
  });

  it('when a request has neither, then nothing is added upstream; the composed profile carries the cookie’s token too', async () => {
    await fetch(`${bff.url}/api/season/18/leaderboard`);
    expect(seen.at(-1)).toEqual({ url: '/season/18/leaderboard', token: undefined });
    const held = encodePositions({ 'season.participant-joined.v1': { '2': 77 } });
    const profile = await fetch(`${bff.url}/api/season/profile?branch=prod`, {
      headers: { ...browser(`consistency=${held}`), authorization: 'Bearer abc' },
    });
    expect(profile.status).toBe(200);
    expect(seen.filter((s) => s.url.startsWith('/season/profile')).at(-1)!.token).toBe(held);
  });
});
