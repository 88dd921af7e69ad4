import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { testEnv } from '@league/platform/testing';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

interface Upstream {
  url: string;
  connections: number;
  seen: http.IncomingHttpHeaders[];
  close: () => Promise<void>;
}

/** An upstream that counts its TCP connections and answers with hop-by-hop headers a proxy must drop. */
function startUpstream(): Promise<Upstream> {
  const state = { connections: 0, seen: [] as http.IncomingHttpHeaders[] };
  const server = http.createServer((req, res) => {
    state.seen.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'keep-alive': 'timeout=17',
        'x-hop-secret': 'for the proxy only',
        connection: 'keep-alive, x-hop-secret',
      });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  server.on('connection', () => (state.connections += 1));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        get connections() {
          return state.connections;
        },
        seen: state.seen,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

/** GET over a given agent, returning the status, headers and whether the socket was a reused one. */
function get(url: string, agent: http.Agent, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; reused: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('the BFF proxy keeps connections alive both ways', () => {
  let upstream: Upstream;
  let bff: RunningBff;
  let clientConnections = 0;

  beforeAll(async () => {
    upstream = await startUpstream();
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: upstream.url,
      SEASON_URL: upstream.url,
      TRADE_URL: upstream.url,
      FILES_URL: upstream.url,
      CHAT_URL: upstream.url,
      FRONTEND_DIST: os.tmpdir(),
    });
    bff.server.on('connection', () => (clientConnections += 1));
  });

  afterAll(async () => {
    await bff.stop();
    await upstream.close();
  });

  it('when a client sends 30 reads over one keep-alive connection, then one client and one upstream connection carry them all', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const clientsBefore = clientConnections;
    const upstreamBefore = upstream.connections;
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await get(`${bff.url}/api/season/${i}/leaderboard`, agent));
    agent.destroy();

    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => a.headers.connection)).toEqual(Array(30).fill('keep-alive'));
    expect(answers.slice(1).every((a) => a.reused)).toBe(true);
    expect(clientConnections - clientsBefore).toBe(1);
    expect(upstream.connections - upstreamBefore).toBe(1);
  });

  it('when headers are hop-by-hop, then neither side sees the other hop’s, and upstream is asked to keep alive', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const res = await get(`${bff.url}/api/season/items`, agent, {
      connection: 'keep-alive, x-client-hop',
      'x-client-hop': 'for the BFF only',
      'keep-alive': 'timeout=30',
      'x-end-to-end': 'kept',
    });
    agent.destroy();

    expect(res.status).toBe(200);
    expect(res.headers['x-hop-secret']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=17');
    const seen = upstream.seen.at(-1)!;
    expect(seen['x-client-hop']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen['x-end-to-end']).toBe('kept');
    expect(seen.connection).toBe('keep-alive');
  });

  it('when the client asks to close, then the BFF closes that client connection', async () => {
    const agent = new http.Agent({ keepAlive: false });
    const res = await get(`${bff.url}/api/season/latest`, agent, { connection: 'close' });
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
  });
});
