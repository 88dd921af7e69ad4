import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/**
 * A chat ticket is a bearer credential carried in the path (`/chat/t/<ticket>/…`, services/chat issues
 * them for the game, whose hub connection has no other token). Whoever reads it can chat as its owner
 * until it expires, so it must never be written to a log: every string a log line carries goes through
 * this before it is written (request URLs, error messages, proxied paths), encoded or not.
 */
const TICKET_PATH = /((?:\/|%2F)chat(?:\/|%2F)t(?:\/|%2F))[^/?#\s"'%]*(?:%(?!2F)[0-9A-F]{2}[^/?#\s"'%]*)*/gi;
export const REDACTED_TICKET = '[ticket]';

export function redactTickets(text: string): string {
  return text.replace(TICKET_PATH, `$1${REDACTED_TICKET}`);
}

/** Applies redactTickets to every string in a log object (arrays and nested objects, a few levels deep). */
function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactTickets(value);
  if (depth > 5 || value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  if (value instanceof Error || value instanceof DOMException) {
    // pino serialises errors itself; hand it a copy with redacted message and stack. What pino reads (name,
    // message, stack and every enumerable key, inherited ones included) becomes the copy's own property: a
    // DOMException (the TimeoutError of AbortSignal.timeout) keeps them in prototype getters that throw on
    // anything but a real DOMException, so pino reading them off a bare copy threw inside the logger and took
    // the process down (the BFF, under load in npm run chaos).
    const copy = Object.create(Object.getPrototypeOf(value) as object) as Error & Record<string, unknown>;
    const source = value as unknown as Record<string, unknown>;
    const keys = new Set(['name', 'message', 'stack', ...Object.getOwnPropertyNames(value)]);
    for (const key in value) keys.add(key); // the prototype's enumerable getters too (DOMException's code)
    for (const key of keys) {
      Object.defineProperty(copy, key, {
        value: redactValue(source[key], depth + 1, seen),
        enumerable: key !== 'stack',
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1, seen);
  return out;
}

export const redactLogObject = (obj: Record<string, unknown>) =>
  redactValue(obj, 0, new WeakSet()) as Record<string, unknown>;

/** How long a written line may wait in the buffer before it goes out anyway. */
export const LOG_FLUSH_MS = 100;
/** Lines are written to stdout in batches of about this many bytes (or every LOG_FLUSH_MS). */
const LOG_BATCH_BYTES = 4096;

/**
 * stdout (or `dest`), written in batches: every app logs a line per request, and a write of its own for each line cost
 * the app a system call and a wake-up of the reader at the other end of the pipe (the supervisor of `npm
 * start`, a container runtime) per request; on the 2-core machine that was a fifth of the BFF's throughput
 * on the running site (bench/bff-site.mjs). A line waits at most LOG_FLUSH_MS; on exit pino writes what is
 * left synchronously (its exit hook for asynchronous destinations), so a crash's last lines are not lost.
 */
export function batchedDestination(dest: number | string = process.stdout.fd ?? 1): pino.DestinationStream {
  const stream = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES });
  let pending = false;
  let open = true;
  const timer = setInterval(() => {
    if (!pending || !open) return;
    pending = false;
    stream.flush();
  }, LOG_FLUSH_MS);
  timer.unref();
  stream.on('close', () => {
    open = false;
    clearInterval(timer);
  });
  return {
    write(line: string) {
      pending = true;
      stream.write(line);
    },
    flush: () => stream.flush(),
    flushSync: () => stream.flushSync(),
  } as pino.DestinationStream;
}

/** JSON logs; every line written inside a request, handler or job carries its requestId. */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    mixin: () => {
      const ctx = currentContext();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    formatters: { log: redactLogObject },
    hooks: {
      // The message and any printf arguments: strings only; objects went through formatters.log.
      logMethod(args, method) {
        const redacted = args.map((a) => (typeof a === 'string' ? redactTickets(a) : a)) as typeof args;
        method.apply(this, redacted);
      },
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.refresh_token'],
      remove: true,
    },
  };
  return pino(options, destination ?? batchedDestination());
}
