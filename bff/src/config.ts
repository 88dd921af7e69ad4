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
});
export type Config = z.infer<typeof configSchema>;

export const loadBffConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);
