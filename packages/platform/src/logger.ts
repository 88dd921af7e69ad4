import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/** JSON logs; every line written inside a request, handler or job carries its requestId. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin: () => {
      const ctx = currentContext();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'],
      remove: true,
    },
  });
}
