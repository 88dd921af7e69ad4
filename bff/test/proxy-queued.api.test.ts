import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { testEnv } from '@league/platform/testing';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

/**
 * More reads in flight to one service than the BFF's upstream pool has sockets (256): the rest wait in the
 * agent's queue and get their socket only after their (body-less) request has ended. The BFF used to set
 * the request id and hop-by-hop headers in http-proxy's `proxyReq` hook, which fires on that late 'socket'
 * event, so every queued request threw ERR_HTTP_HEADERS_SENT and the BFF process died (found by
 * bench/load.mjs at 200 req/s).
 */
describe('the BFF proxy with more requests in flight than upstream sockets', () => {
  let bff: RunningBff;
  let upstream: http.Server;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // A slow upstream, so the first 256 requests hold every pooled socket while the rest queue.
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }, 300);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: url,
      SEASON_URL: url,
      TRADE_URL: url,
      FILES_URL: url,
      CHAT_URL: url,
      FRONTEND_DIST: os.tmpdir(),
    });
  });

  afterAll(async () => {
    await bff?.stop();
    await new Promise<void>((r) => {
      upstream.close(() => r());
      upstream.closeAllConnections();
    });
  });

  it('when 320 reads arrive at once, then every one is answered 200 and upstream gets its request id, hop-by-hop headers dropped', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });
    const get = (i: number) =>
      new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
        const req = http.get(
          `${bff.url}/api/season/${i}/leaderboard`,
          // Distinct client addresses (trusted from loopback), so the per-address limit is not what is tested.
          {
            agent,
            headers: {
              'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
              'x-client-hop': 'hop',
              connection: 'keep-alive, x-client-hop',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, id: res.headers['x-request-id'] as string }));
          },
        );
        req.on('error', reject);
      });
    const answers = await Promise.all(Array.from({ length: 320 }, (_, i) => get(i)));
    agent.destroy();

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(seen).toHaveLength(320);
    const ids = new Set(answers.map((a) => a.id));
    expect(seen.every((h) => typeof h['x-request-id'] === 'string' && ids.has(h['x-request-id']))).toBe(true);
    expect(seen.every((h) => h['x-client-hop'] === undefined && h.connection === 'keep-alive')).toBe(true);
  });
});
