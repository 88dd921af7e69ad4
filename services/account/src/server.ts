import { createLogger, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';

/** Starts the account service: users, credentials, tokens, roles, socials, the Patreon link and mail. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('account', config.LOG_LEVEL);
  return startService({ name: 'account', config, logger, apis: () => [] });
}
