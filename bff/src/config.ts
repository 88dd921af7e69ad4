import path from 'node:path';
import { loadConfig, portVar, urlVar } from '@league/platform';
import { z } from 'zod';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: portVar(8080),
  ACCOUNT_URL: urlVar('http://127.0.0.1:4001'),
  SEASON_URL: urlVar('http://127.0.0.1:4002'),
  TRADE_URL: urlVar('http://127.0.0.1:4003'),
  FILES_URL: urlVar('http://127.0.0.1:4004'),
  CHAT_URL: urlVar('http://127.0.0.1:4005'),
  FRONTEND_DIST: z.string().default(path.resolve(__dirname, '../../frontend/dist')),
  /** The shared Redis: the global per-address limit counts there, across BFF replicas. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Requests to /api one client address may make per window; 0 turns the limit off. */
  API_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().min(0).default(1200),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Load shedding: past this many requests in flight (every service's behind it), a request is answered 503 at once. */
  HTTP_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(512),
  /** Lifetime of the HttpOnly refresh-token cookie: the account service's refresh token lifetime. */
  REFRESH_COOKIE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});
export type Config = z.infer<typeof configSchema>;

/** In production every upstream and the Redis address must be given: no localhost default is used there. */
export const PRODUCTION_REQUIRED = ['ACCOUNT_URL', 'SEASON_URL', 'TRADE_URL', 'FILES_URL', 'CHAT_URL', 'REDIS_URL'];

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig(configSchema, env, { requiredInProduction: PRODUCTION_REQUIRED });
