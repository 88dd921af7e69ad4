import { createLogger, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';

/** Starts the trade service: listings, offers, buyouts, the settlement saga, notifications and blocks. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('trade', config.LOG_LEVEL);
  return startService({ name: 'trade', config, logger, apis: () => [] });
}
