import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from './logger';

/** Serves `handler` (an express app, or the BFF's gateway in front of one) on `port`. */
export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler).listen(port, host);
    // Idle keep-alive connections stay open longer than the BFF's pool keeps an idle one (60 s, see the BFF's
    // upstreamAgent), so the pool closes first. With Node's 5 s default the pool could reuse a connection the
    // moment the service closed it: a reset, answered 502 (1 in 12,000 requests under load).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    // What Node's parser refuses (a URL or headers past its limit, bad framing) never reaches express: answer
    // it in the house shape too, a 4xx with `{ message }`, instead of Node's bare status line.
    server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') return socket.destroy();
      const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({ message: tooLarge ? 'Request headers or URL too large' : 'Bad request' });
      socket.end(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 5_000).unref();
  });
}

/**
 * Whether an unhandled rejection is one the Kafka client drops on its own: kafkajs 2.2.4 can reject a promise
 * nobody holds when a broker goes away mid-request (tulios/kafkajs issues 702, 939 and 1686, the last one open),
 * while its own retries and the consumers' restarts carry on. Nothing of ours is waiting for that promise.
 */
export const isKafkaClientRejection = (reason: unknown): boolean =>
  reason instanceof Error && /^KafkaJS[A-Za-z]+$/.test(reason.name);

/**
 * The process's policy for a rejection nobody handled: the Kafka client's stray ones (above) are logged and the
 * process lives on; any other is a bug of ours, and the process dies of it as Node would (crash-only: the
 * supervisor or Kubernetes starts it again).
 */
export function handleUnhandledRejections(name: string, logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    if (isKafkaClientRejection(reason)) {
      logger.error({ err: reason }, `${name}: the Kafka client dropped a failed request nobody was waiting for`);
      return;
    }
    throw reason;
  });
}

/** Runs a service: start, then stop cleanly once on SIGTERM/SIGINT (consumers leave their groups, queues drain). */
export async function runMain(
  name: string,
  logger: Logger,
  start: () => Promise<{ stop: () => Promise<void> }>,
): Promise<void> {
  let stopping = false;
  handleUnhandledRejections(name, logger);
  try {
    const service = await start();
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, `${name} stopping`);
      const timer = setTimeout(() => {
        logger.error(`${name} did not stop within 15s; exiting`);
        process.exit(1);
      }, 15_000);
      try {
        await service.stop();
      } finally {
        clearTimeout(timer);
        process.exit(0);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    // Config errors are for humans: print them plainly too.
    console.error(`${name}: ${(err as Error).message}`);
    process.exit(1);
  }
}
