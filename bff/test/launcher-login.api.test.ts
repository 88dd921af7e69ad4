import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { RunningService } from '@league/platform';
import { HubClient } from '@league/gameclient';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { startAccount, stopAccount } from '../../services/account/test/support/harness';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(60_000);

/** Hub Login against the real account service (LAUNCHER-API.md §1): tokens as a JSON string; none = bad credentials. */
describe('the launcher hub Login', () => {
  let account: RunningService;
  let bff: RunningBff;
  const hubs: HubClient[] = [];

  beforeAll(async () => {
    account = await startAccount();
    bff = await start({ ACCOUNT_URL: account.url, FRONTEND_DIST: os.tmpdir(), LOG_LEVEL: 'silent' });
  }, 60_000);
  afterAll(async () => {
    for (const h of hubs) h.close();
    await bff?.stop();
    await stopAccount(account);
  });

  const hub = async () => {
    const h = new HubClient(`${bff.url.replace(/^http/, 'ws')}/api/`);
    hubs.push(h);
    await h.connect();
    return h;
  };

  it('when the credentials are right, then Login pushes a JSON string with both tokens and the role; wrong ones push no tokens', async () => {
    const username = `hub${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const password = 'correct-horse-1';
    const reg = await fetch(`${account.url}/account/register-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username.toLowerCase()}@example.test`, password }),
    });
    expect(reg.status).toBe(200);
    const h = await hub();
    const pushed = await h.invoke('Login', username, password);
    expect(typeof pushed).toBe('string');
    const tokens = JSON.parse(pushed as string) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      role: expect.any(String),
    });
    const wrong = JSON.parse((await h.invoke('Login', username, 'not-the-password')) as string) as Record<
      string,
      unknown
    >;
    expect(wrong.access_token).toBeUndefined();
    expect(JSON.parse((await h.invoke('Login', 5, null)) as string)).toEqual({});
  });

  it('when the official SignalR client (no negotiate, WebSockets) calls Login, then the Login event carries the tokens before the call completes', async () => {
    const username = `hubms${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const password = 'correct-horse-2';
    const reg = await fetch(`${account.url}/account/register-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username.toLowerCase()}@example.test`, password }),
    });
    expect(reg.status).toBe(200);
    const conn = new HubConnectionBuilder()
      .withUrl(`${bff.url}/api/`, { skipNegotiation: true, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const pushed: unknown[] = [];
    conn.on('Login', (data: unknown) => pushed.push(data));
    await conn.start();
    try {
      expect(await conn.invoke('Login', username, password)).toBeNull();
      expect(pushed.length).toBe(1);
      expect(JSON.parse(pushed[0] as string)).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        role: expect.any(String),
      });
      await conn.invoke('Login', username, 'wrong-password-9');
      expect(JSON.parse(pushed[1] as string)).toEqual({});
      await expect(conn.invoke('NoSuchMethod')).rejects.toThrow(/NoSuchMethod/);
    } finally {
      await conn.stop();
    }
  });

  it('when the client sends a ping or an unsupported protocol, then pings are ignored and the handshake is refused', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${bff.url.replace(/^http/, 'ws')}/api/`);
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise((r) => ws.once('open', r));
    ws.send('{"protocol":"messagepack","version":1}\x1e');
    await new Promise((r) => ws.once('close', r));
    expect(frames.join('')).toMatch(/"error":"Protocol 'messagepack' is not supported/);
  });

  it('when a connection stays open, then the server sends SignalR pings (type 6) at its interval', async () => {
    const http = await import('node:http');
    const { default: WebSocket } = await import('ws');
    const { createLogger } = await import('@league/platform');
    const { LauncherHub } = await import('../src/launcher/hub');
    const server = http.createServer();
    const hubOnly = new LauncherHub(
      { account: account.url, season: '', files: '', chat: '' },
      createLogger('t', 'silent'),
      100,
    );
    hubOnly.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}/api/`);
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise((r) => ws.once('open', r));
    ws.send('{"protocol":"json","version":1}\x1e');
    await new Promise((r) => setTimeout(r, 450));
    expect(frames[0]).toBe('{}\x1e');
    expect(frames.filter((f) => f === '{"type":6}\x1e').length).toBeGreaterThanOrEqual(3);
    ws.close();
    hubOnly.close();
    await new Promise((r) => server.close(r));
  });
});
