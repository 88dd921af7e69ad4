import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from './http';
import { batchedDestination, createLogger, LOG_FLUSH_MS, redactTickets } from './logger';
import { listen, closeServer } from './lifecycle';
import type { AddressInfo } from 'node:net';

/** A logger whose lines land in an array, as the JSON pino writes. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('chat', 'debug', sink), lines };
}

// The shape services/chat issues: base64url payload, a dot, a base64url HMAC.
const TICKET = 'eyJ1IjoicGxheWVyMSIsInMiOiJ1LTEiLCJlIjoxODAwMDAwMDAwfQ.q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

describe('errors in logs', () => {
  it('when a DOMException (an AbortSignal timeout) is logged, then its name and message are written and the logger does not throw', async () => {
    const { logger, lines } = capturedLogger();
    const timeout = await fetch('http://127.0.0.1:9', { signal: AbortSignal.timeout(1) }).catch((err: unknown) => err);
    const aborted = new DOMException('This operation was aborted', 'AbortError');
    expect(() => logger.warn({ err: timeout }, 'upstream timed out')).not.toThrow();
    expect(() => logger.warn({ err: aborted }, 'aborted')).not.toThrow();
    await new Promise((r) => setImmediate(r));
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err: { message: string } });
    expect(logged.map((l) => [l.msg, typeof l.err.message])).toEqual([
      ['upstream timed out', 'string'],
      ['aborted', 'string'],
    ]);
    expect(logged[1]!.err.message).toBe('This operation was aborted');
  });
});

describe('chat tickets in logs', () => {
  it('when a ticket path is redacted, then the ticket is gone and the rest of the path stays, encoded or not', () => {
    expect(redactTickets(`/chat/t/${TICKET}/chat/mute-list?x=1`)).toBe('/chat/t/[ticket]/chat/mute-list?x=1');
    expect(redactTickets(`GET /api/Chat/T/${TICKET}`)).toBe('GET /api/Chat/T/[ticket]');
    expect(redactTickets(`%2Fchat%2Ft%2F${TICKET}%2Fchat`)).toBe('%2Fchat%2Ft%2F[ticket]%2Fchat');
    expect(redactTickets('/chat/connected-clients')).toBe('/chat/connected-clients');
  });

  it('when requests under a ticket are logged by the request logger, then no line carries the ticket', async () => {
    const { logger, lines } = capturedLogger();
    const app = createApp({ service: 'chat', logger });
    const server = await listen(app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of [`/chat/t/${TICKET}/chat/mute-list`, `/chat/t/${TICKET}/`, `/api/chat/t/${TICKET}/x?y=1`]) {
        expect((await fetch(`${base}${path}`)).status).toBe(404);
      }
      logger.warn({ err: new Error(`upgrade refused for /chat/t/${TICKET}/`) }, `hub at /chat/t/${TICKET}`);
      logger.info('proxied %s', `/chat/t/${TICKET}/chat`);
      await new Promise((r) => setImmediate(r));
    } finally {
      await closeServer(server);
    }
    const requestLines = lines.filter((l) => (JSON.parse(l) as { msg?: string }).msg === 'request');
    expect(requestLines).toHaveLength(3);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.join('\n')).not.toContain(TICKET.slice(0, 20));
    expect(lines.join('\n')).not.toContain(TICKET.slice(-20));
    expect(JSON.parse(requestLines[0]!)).toMatchObject({ url: '/chat/t/[ticket]/chat/mute-list', status: 404 });
  });
});

describe('log lines on stdout', () => {
  const linesIn = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

  it('when a few lines are logged and nothing follows, then they still go out within the flush interval', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-log-')), 'out.log');
    const logger = createLogger('bff', 'info', batchedDestination(file));
    await new Promise((r) => setTimeout(r, 50)); // the file is open
    // Far less than a batch: without the timer these would wait for more lines.
    for (let i = 0; i < 3; i++) logger.info({ i }, 'request');
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS * 3));
    expect(linesIn(file).map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([0, 1, 2]);
  });

  it('when many lines are logged at once, then every one arrives, in order', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'platform-log-')), 'out.log');
    const logger = createLogger('bff', 'info', batchedDestination(file));
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 2_000; i++) logger.info({ i }, 'request');
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS * 3));
    const seen = linesIn(file).map((l) => (JSON.parse(l) as { i: number }).i);
    expect(seen).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
  });
});
