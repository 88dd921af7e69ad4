import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, createApp, InFlightLimit } from '../src/http';
import { closeServer, listen } from '../src/lifecycle';
import { quietLogger } from './support/engines';

jest.setTimeout(30_000);

/** createApp's bound on requests in flight (InFlightLimit), on a real server over real sockets. */
describe('load shedding', () => {
  let server: Server;
  let base: string;
  const limit = new InFlightLimit(2);
  const held: Array<() => void> = [];
  let arrived = 0;

  beforeAll(async () => {
    const api = new Api().route({ method: 'get', path: '/slow', summary: 'answers once released' }, async () => {
      arrived += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      return { ok: true };
    });
    const app = createApp({ service: 'test', logger: quietLogger(), apis: [api], inFlight: limit });
    server = await listen(app, 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const release of held) release();
    await closeServer(server);
  });

  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i += 1) await new Promise((r) => setTimeout(r, 10));
    if (!ok()) throw new Error('timed out');
  };

  it('when the bound is reached, then the next request is a fast 503 with Retry-After and a message, health still answers, and the held ones finish', async () => {
    const first = [fetch(`${base}/slow`), fetch(`${base}/slow`)];
    await until(() => arrived === 2);
    expect(limit.current).toBe(2);

    const t0 = Date.now();
    const shed = await fetch(`${base}/slow`);
    expect([shed.status, shed.headers.get('retry-after'), await shed.json()]).toEqual([
      503,
      '1',
      { message: 'The site is busy: try again in a moment' },
    ]);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(arrived).toBe(2);
    // A balancer's probes are never shed.
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(`${base}/ready`)).status).toBe(200);

    for (const release of held.splice(0)) release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    await until(() => limit.current === 0);
    expect(limit.shed).toBe(1);
  });

  it('when a client gives up on a request, then its place is freed', async () => {
    const controller = new AbortController();
    const gaveUp = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => 'aborted');
    await until(() => limit.current === 1);
    controller.abort();
    expect(await gaveUp).toBe('aborted');
    await until(() => limit.current === 0);
    const next = fetch(`${base}/slow`);
    await until(() => held.length === 2);
    for (const release of held.splice(0)) release();
    expect((await next).status).toBe(200);
  });
});
