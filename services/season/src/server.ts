import { createLogger, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';
import { catalogueApis } from './http/catalogue.routes';

/** Starts the season service: seasons, challenges, participants, standings, builds, screenshots, the catalogue, the cloud stash and characters. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('season', config.LOG_LEVEL);
  return startService({ name: 'season', config, logger, apis: (engines) => [...catalogueApis(engines)] });
}
