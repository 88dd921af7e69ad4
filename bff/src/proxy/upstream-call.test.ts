import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callService, UpstreamTimeout } from './upstream-call';

describe("the BFF's own calls to a service", () => {
  const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const sockets = new Set<string>();
  let base = '';
  const server = http.createServer((req, res) => {
    sockets.add(`${req.socket.remotePort}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      res.setHeader('x-consistency', 'season:3');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ echoed: req.url }));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
    sockets.clear();
  });

  it('when a service answers, then its status, headers and whole body come back, and the connection is kept for the next call', async () => {
    const first = await callService(`${base}/season/profile?branch=prod`, { headers: { authorization: 'Bearer t' } });
    const second = await callService(`${base}/missing`);

    expect(first.status).toBe(200);
    expect(first.json()).toEqual({ echoed: '/season/profile?branch=prod' });
    expect(first.headers.get('X-Consistency')).toBe('season:3');
    expect(first.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(first.headers.get('retry-after')).toBeNull();
    expect(seen[0]!.headers.authorization).toBe('Bearer t');
    expect(second.status).toBe(404);
    expect(sockets.size).toBe(1);
  });

  it('when a call carries a body, then the service gets it whole with its length', async () => {
    await callService(`${base}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ünïcode' }),
    });

    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toBe('{"username":"ünïcode"}');
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength('{"username":"ünïcode"}')));
  });

  it('when a service does not answer in time, then the call fails with a timeout', async () => {
    await expect(callService(`${base}/slow`, { timeoutMs: 200 })).rejects.toBeInstanceOf(UpstreamTimeout);
  });

  it('when the answer is cut off, or nothing listens, then the call fails instead of returning part of it', async () => {
    await expect(callService(`${base}/cut`)).rejects.toThrow();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(callService(`http://127.0.0.1:${port}/x`)).rejects.toThrow();
  });
});
