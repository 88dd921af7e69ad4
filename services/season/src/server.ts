import { createLogger, OutboxRelay, startService, type RunningService } from '@league/platform';
import { loadServiceConfig } from './config';
import { seasonModels } from './data/models';
import { catalogueApis } from './http/catalogue.routes';
import { seedDemo } from './data/seed';
import type { SeasonContext } from './domain/context';
import { LeaderboardCache } from './domain/leaderboard';
import { subscribeProjections } from './events/consumers';
import { adminApi } from './http/admin.routes';
import { buildsApi } from './http/builds.routes';
import { ladderApi } from './http/ladder.routes';
import { seasonsApi } from './http/seasons.routes';

export interface SeasonService extends RunningService {
  ctx: SeasonContext;
  relay: OutboxRelay;
  leaderboard: LeaderboardCache;
}

/** Starts the season service: seasons, challenges, participants, standings, builds, screenshots, the catalogue, the cloud stash and characters. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<SeasonService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('season', config.LOG_LEVEL);
  let ctx!: SeasonContext;
  let relay!: OutboxRelay;
  let leaderboard: LeaderboardCache | undefined;
  const running = await startService({
    name: 'season',
    config,
    logger,
    background: async (engines) => {
      const models = seasonModels(engines.mongo);
      await Promise.all(Object.values(models).map((m) => m.init()));
      // Use cases kick the relay after each write; the timer only sweeps up after a crash, and is slow
      // because each sweep scans the participants collection (FerretDB has no index for it).
      relay = new OutboxRelay({
        bus: engines.bus,
        logger,
        models: [models.Participant, models.Standing, models.Season],
        intervalMs: 5_000,
        locks: engines.locks,
      });
      ctx = {
        models,
        logger,
        publishSoon: () => relay.kick(),
        now: () => new Date(),
        ladderChanged: (seasonId) => leaderboard?.invalidate(seasonId),
        locks: engines.locks,
        sequences: engines.sequences,
      };
      if (config.SEASON_SEED_DEMO) {
        const seeded = await seedDemo(engines.mongo, { season7StartsNow: config.SEASON7_STARTS_NOW });
        logger.info(seeded, 'season demo seed applied');
      }
      relay.start();
      await subscribeProjections(engines.bus, ctx, config.SEASON_CONSUMER_GROUP);
      return () => relay.stop();
    },
    apis: (engines) => {
      leaderboard = new LeaderboardCache(ctx);
      return [
        // Fixed paths (/season/items, /season/profile, /season/latest, …) before /season/:id.
        ...catalogueApis(engines),
        ladderApi(ctx, engines.auth, leaderboard),
        buildsApi(ctx, engines.auth),
        adminApi(ctx, engines.auth),
        seasonsApi(ctx, engines.auth),
      ];
    },
  });
  return { ...running, ctx, relay, leaderboard: leaderboard! };
}
