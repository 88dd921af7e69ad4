import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMetrics } from '@league/platform';
import { capturingLogger } from '@league/platform/testing';
import { createGateway, expressClaims } from './gateway';
import { mountApiProxy } from './proxy';

describe('the paths express keeps under /api', () => {
  const app = express();
  app.set('case sensitive routing', false);
  const ok = (_req: express.Request, res: express.Response) => void res.end();
  app.get('/api/site-config', ok);
  app.get('/api/season/profile', ok);
  app.post('/api/season/participant/:pid/character', ok);
  app.get('/api/season/participant/:pid/:kind', ok);
  app.post('/api/account/login', ok);
  app.get('/api/thing/:id', ok);
  app.get('/api/maybe{/:part}', ok);
  app.use('/api/docs', ok);
  const claimed = expressClaims(app);

  it('when a request is one of the BFF own routes, then express takes it, whatever the case of its path', () => {
    expect(claimed('GET', '/api/site-config')).toBe(true);
    expect(claimed('GET', '/api/Season/Profile')).toBe(true);
    expect(claimed('HEAD', '/api/season/profile')).toBe(true);
    expect(claimed('POST', '/api/season/participant/7/character')).toBe(true);
    expect(claimed('GET', '/api/season/participant/7/quests')).toBe(true);
    expect(claimed('POST', '/api/account/login')).toBe(true);
    expect(claimed('GET', '/api/thing/3')).toBe(true);
    expect(claimed('GET', '/api/maybe')).toBe(true);
    expect(claimed('GET', '/api/maybe/x')).toBe(true);
    expect(claimed('GET', '/api/docs/swagger-ui.css')).toBe(true);
  });

  it('when a request is a service call, or an own path with another method, then it is not claimed', () => {
    expect(claimed('GET', '/api/season/18/leaderboard')).toBe(false);
    expect(claimed('GET', '/api/season/profile-x')).toBe(false);
    expect(claimed('POST', '/api/season/profile')).toBe(false);
    expect(claimed('GET', '/api/account/login')).toBe(false);
    expect(claimed('GET', '/api/season/participant/7/character/x/y/z/w')).toBe(false);
    expect(claimed('GET', '/api/trade/trade-search')).toBe(false);
    expect(claimed('GET', '/api')).toBe(false);
  });
});

describe("the gateway's log line of a forwarded call", () => {
  const { logger, lines } = capturingLogger('bff', 'debug');
  let upstream: http.Server;
  let bff: http.Server;
  let base = '';

  beforeAll(async () => {
    // The service: answers with the status its path asks for (/status/503).
    upstream = http.createServer((req, res) => {
      req.resume();
      res.writeHead(Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200), { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const service = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // season answers; trade's port has nothing listening (a 502 of the BFF's own).
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const app = express();
    const proxy = mountApiProxy(
      app,
      { account: service, season: service, trade: nowhere, files: service, chat: service },
      logger,
    );
    bff = http.createServer(
      createGateway({ app, forward: proxy.forward, limit: undefined, logger, metrics: createMetrics('bff-log-test') }),
    );
    await new Promise<void>((r) => bff.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(bff.address() as AddressInfo).port}/api`;
  });

  afterAll(async () => {
    for (const server of [bff, upstream]) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  /** The gateway's 'request' line of the answer `res` (by its request id), once it is written. */
  const lineOf = async (res: Response) => {
    const id = res.headers.get('x-request-id');
    for (let i = 0; i < 50; i++) {
      const line = lines.find((l) => l.msg === 'request' && l.requestId === id);
      if (line) return line;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no request line for ${id}`);
  };

  it("when a service answers (2xx, 4xx), then the line is at debug (the service logs that request); the BFF's own answers and a service's 5xx stay at info", async () => {
    const answered = await fetch(`${base}/season/status/200`);
    expect(answered.status).toBe(200);
    expect(await lineOf(answered)).toMatchObject({ level: 20, status: 200, url: '/api/season/status/200' });
    const notFound = await fetch(`${base}/season/status/404`);
    expect((await lineOf(notFound)).level).toBe(20);

    const failed = await fetch(`${base}/season/status/503`);
    expect(failed.status).toBe(503);
    expect(await lineOf(failed)).toMatchObject({ level: 30, status: 503 });
    // No service answered: the BFF's 502, and its refusal of a post without the anti-forgery token.
    const unavailable = await fetch(`${base}/trade/trade-search`);
    expect(unavailable.status).toBe(502);
    expect(await lineOf(unavailable)).toMatchObject({ level: 30, status: 502 });
    const refused = await fetch(`${base}/season/status/200`, { method: 'POST', headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(refused.status).toBe(403);
    expect(await lineOf(refused)).toMatchObject({ level: 30, status: 403 });
  });
});
