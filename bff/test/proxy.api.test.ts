import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testEnv } from '@league/platform/testing';
import { WebSocket, WebSocketServer } from 'ws';
import { start as startAccount } from '../../services/account/src/server';
import { tempKeyFile } from '../../services/account/test/support/harness';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  md5: string;
}

/**
 * A stand-in upstream that reports what reached it. The proxy's contract is "what arrives upstream", so
 * this is the witness; the real account service is used below for the end-to-end path.
 */
function startWitness(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const hash = createHash('md5');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, bytes, md5: hash.digest('hex') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => socket.on('message', (m) => socket.send(`${req.url} echo ${String(m)}`)));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        close: () =>
          new Promise((r) => {
            wss.close();
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

describe('the BFF', () => {
  let witness: Awaited<ReturnType<typeof startWitness>>;
  let bff: RunningBff;
  let dist: string;

  beforeAll(async () => {
    witness = await startWitness();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grim League</title>');
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: witness.url,
      SEASON_URL: witness.url,
      TRADE_URL: witness.url,
      FILES_URL: 'http://127.0.0.1:1', // nothing listens there
      CHAT_URL: witness.url,
      FRONTEND_DIST: dist,
    });
  });

  afterAll(async () => {
    await bff.stop();
    await witness.close();
  });

  it('when the launcher calls a capitalised path, then the owning service receives it without /api, case kept', async () => {
    const res = await fetch(`${bff.url}/api/Season/participant/7/standing?branch=prod`);
    expect(res.status).toBe(200);
    const last = witness.seen.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', url: '/Season/participant/7/standing?branch=prod' });
    expect(last.headers['x-forwarded-for']).toBeDefined();
    expect(last.headers['x-request-id']).toBe(res.headers.get('x-request-id'));
  });

  it('when a large body is posted, then it streams through byte for byte', async () => {
    const body = Buffer.alloc(64 * 1024 * 1024, 7);
    body.write('edge of the buffer', body.length - 32);
    const res = await fetch(`${bff.url}/api/trade/participant/1/list-trade`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(witness.seen.at(-1)).toMatchObject({
      bytes: body.length,
      md5: createHash('md5').update(body).digest('hex'),
    });
  });

  it('when no service owns a path, then the BFF answers 404 with a message and forwards nothing', async () => {
    const before = witness.seen.length;
    const res = await fetch(`${bff.url}/api/nowhere/at/all`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No API route for GET /api/nowhere/at/all' });
    expect(witness.seen.length).toBe(before);
  });

  it('when the owning service is down, then the caller gets 502 with a message, not a hang or a 500', async () => {
    const res = await fetch(`${bff.url}/api/file/filenames?v=v1`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'The files service is unavailable; try again shortly' });
  });

  it('when a WebSocket opens on the chat prefix, then it is proxied; elsewhere it is refused', async () => {
    const echoed = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`${bff.url.replace('http', 'ws')}/api/chat/hub`);
      ws.on('open', () => ws.send('hello'));
      ws.on('message', (m) => {
        resolve(String(m));
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(echoed).toBe('/chat/hub echo hello');
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${bff.url.replace('http', 'ws')}/api/season/hub`);
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('error', (err) => resolve(err.message));
    });
    expect(refused).toBe('404');
  });

  it('when the browser opens /, then it gets the built frontend', async () => {
    const res = await fetch(`${bff.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Grim League</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('the BFF in front of a real service', () => {
  it('when an account path has no handler yet, then the account service itself answers 404 through the BFF', async () => {
    const account = await startAccount({ ...testEnv('account'), JWT_PRIVATE_KEY_FILE: tempKeyFile() });
    const bff = await start({ ...testEnv('bff'), ACCOUNT_URL: account.url, FRONTEND_DIST: os.tmpdir() });
    try {
      const res = await fetch(`${bff.url}/api/Account/nothing-here`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'No route for GET /Account/nothing-here' });
      const ready = await fetch(`${bff.url}/ready`);
      const body = (await ready.json()) as { checks: Record<string, boolean> };
      expect(body.checks.account).toBe(true);
    } finally {
      await bff.stop();
      await account.mongo.dropDatabase();
      await account.stop();
    }
  });
});
