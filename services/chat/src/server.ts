import { createLogger, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';

/** Starts the chat service: the in-game chat hub, presence, welcome and system messages, bans and the chat log. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('chat', config.LOG_LEVEL);
  return startService({ name: 'chat', config, logger, apis: () => [] });
}
