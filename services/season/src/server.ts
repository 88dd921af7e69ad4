import { GameNames, type GameDataSet } from '@league/gamefiles';
import {
  createLogger,
  followGameData,
  OutboxRelay,
  redisChangeToken,
  startService,
  type RunningService,
} from '@league/platform';
import { loadServiceConfig } from './config';
import { seasonModels } from './data/models';
import { catalogueApis } from './http/catalogue.routes';
import { seedDemo } from './data/seed';
import type { SeasonContext } from './domain/context';
import { LeaderboardCache } from './domain/leaderboard';
import { SeasonViewCache } from './domain/season-views';
import { SeasonDirectory } from './domain/season-directory';
import { redisSeasonTokens } from './data/change-tokens';
import { seasonRankIndex } from './data/rank-index';
import type { SeasonDoc } from './data/models';
import { subscribeProjections } from './events/consumers';
import { adminApi } from './http/admin.routes';
import { buildsApi } from './http/builds.routes';
import { ladderApi } from './http/ladder.routes';
import { seasonsApi } from './http/seasons.routes';
import { sequenceIds } from './data/stash/ids';
import { stashModels } from './data/stash/models';
import { announceParticipants } from './domain/stash/announce';
import type { StashContext } from './domain/stash/context';
import { sweepStashOps } from './domain/stash/ops';
import { RecordTable } from './domain/stash/records';
import { StashViewCache } from './domain/stash/views';
import { seedDemoStashes } from './domain/stash/seed';
import { sweepSettlements } from './domain/stash/settlement';
import { subscribeStash } from './events/stash-consumers';
import { stashApi } from './http/stash.routes';
import { duplicatesApi } from './http/duplicates.routes';
import { characterModels } from './data/characters';
import { charactersApi } from './http/characters.routes';
import { mongoDeathAggregation, redisAnalyticsCache } from './data/death-analytics';
import type { CharacterContext } from './domain/characters';
import type { AnalyticsCache } from './domain/death-analytics';
import { seedDemoDeaths } from './domain/death-seed';
import { deathAnalyticsApi } from './http/death-analytics.routes';

export interface SeasonService extends RunningService {
  ctx: SeasonContext;
  relay: OutboxRelay;
  leaderboard: LeaderboardCache;
  stash: StashContext;
}

/** Starts the season service: seasons, challenges, participants, standings, builds, screenshots, the catalogue, the cloud stash and characters. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<SeasonService> {
  const config = loadServiceConfig(env);
  const logger = createLogger('season', config.LOG_LEVEL);
  let ctx!: SeasonContext;
  let stash!: StashContext;
  let characters!: CharacterContext;
  let analyticsCache!: AnalyticsCache;
  let relay!: OutboxRelay;
  let leaderboard: LeaderboardCache | undefined;
  const running = await startService({
    name: 'season',
    config,
    logger,
    background: async (engines) => {
      const models = seasonModels(engines.mongo);
      await Promise.all(Object.values(models).map((m) => m.init()));
      const stashes = stashModels(engines.mongo);
      await Promise.all(Object.values(stashes).map((m) => m.init()));
      // Use cases kick the relay naming the document they wrote; the timer's sweep (every 30 s, the
      // platform's default: each sweep scans these collections on FerretDB) only picks up after a crash.
      relay = new OutboxRelay({
        bus: engines.bus,
        logger,
        models: [
          models.Participant,
          models.Standing,
          models.Season,
          stashes.StashItem,
          stashes.Stash,
          stashes.Settlement,
        ],
        locks: engines.locks,
      });
      ctx = {
        models,
        logger,
        publishSoon: (written) => relay.kick(written),
        now: () => new Date(),
        ladderChanged: (seasonId) => leaderboard?.invalidate(seasonId),
        views: new SeasonViewCache(),
        seasons: new SeasonDirectory(
          redisChangeToken(engines.redis, config.MONGO_DB, 'seasons'),
          () => models.Season.find({}, { outbox: 0 }).lean<SeasonDoc[]>(),
          logger,
        ),
        tokens: redisSeasonTokens(engines.redis, config.MONGO_DB),
        ranks: seasonRankIndex(engines.redis, config.MONGO_DB, engines.locks, models.Standing),
        locks: engines.locks,
        sequences: engines.sequences,
      };
      ctx.gameData = await followGameData(
        engines,
        config,
        `${config.SEASON_CONSUMER_GROUP}-game-data`,
        (set) => new GameNames(set as GameDataSet),
      );
      const records = new RecordTable(stashes, logger);
      await records.load();
      stash = {
        season: ctx,
        models: stashes,
        nextId: sequenceIds(engines.sequences, stashes),
        records,
        views: new StashViewCache(),
      };
      // Death analytics are cached in Redis per season; recording a death drops the season's entry.
      analyticsCache = redisAnalyticsCache(engines.redis, config.MONGO_DB);
      characters = { season: ctx, models: characterModels(engines.mongo), analytics: analyticsCache };
      if (config.SEASON_SEED_DEMO) {
        const seeded = await seedDemo(engines.mongo, { season7StartsNow: config.SEASON7_STARTS_NOW });
        logger.info(seeded, 'season demo seed applied');
        await ctx.seasons?.changed();
        logger.info(await seedDemoStashes(stash), 'demo stashes seeded');
        logger.info(await seedDemoDeaths(characters), 'demo deaths seeded');
      }
      relay.start();
      await subscribeProjections(engines.bus, ctx, config.SEASON_CONSUMER_GROUP);
      // Cloud stash: finish what a crash left half done, announce participants to trade, then consume.
      const sweep = async () => {
        await sweepStashOps(stash);
        await sweepSettlements(stash);
      };
      await sweep().catch((err) => logger.warn({ err }, 'stash sweep failed; will retry'));
      void announceParticipants(stash)
        .then((n) => n && logger.info({ announced: n }, 'participants announced with their season type'))
        .catch((err) => logger.warn({ err }, 'participant announcement failed; retried at the next start'));
      const sweeper = setInterval(
        () => void sweep().catch((err) => logger.warn({ err }, 'stash sweep failed; will retry')),
        10_000,
      );
      sweeper.unref();
      await subscribeStash(
        engines.bus,
        stash,
        `${config.SEASON_CONSUMER_GROUP}-stash`,
        config.SEASON_STASH_FROM_BEGINNING,
      );
      return async () => {
        clearInterval(sweeper);
        await relay.stop();
        await ctx.gameData?.stop();
      };
    },
    apis: (engines) => {
      leaderboard = new LeaderboardCache(ctx);
      return [
        // Fixed paths (/season/items, /season/profile, /season/latest, …) before /season/:id.
        stashApi(stash, engines.auth),
        duplicatesApi(stash, engines.auth),
        charactersApi(characters, engines.auth),
        deathAnalyticsApi(
          {
            season: ctx,
            aggregation: mongoDeathAggregation(characters.models),
            cache: analyticsCache,
          },
          engines.auth,
        ),
        ...catalogueApis(engines),
        ladderApi(ctx, engines.auth, leaderboard),
        buildsApi(ctx, engines.auth),
        adminApi(ctx, engines.auth),
        seasonsApi(ctx, engines.auth),
      ];
    },
  });
  return { ...running, ctx, relay, leaderboard: leaderboard!, stash };
}
