import { connectMongo, createLogger, Locks, redisChangeToken, redisConnection, sequencesFor } from '@league/platform';
import { loadServiceConfig } from './config';
import { seedDemo } from './data/seed';
import { sequenceIds } from './data/stash/ids';
import { stashModels } from './data/stash/models';
import { seasonModels } from './data/models';
import { seasonRankIndex } from './data/rank-index';
import { redisSeasonTokens } from './data/change-tokens';
import { announceParticipants } from './domain/stash/announce';
import { RecordTable } from './domain/stash/records';
import { seedDemoStashes } from './domain/stash/seed';
import { characterModels } from './data/characters';
import { redisAnalyticsCache } from './data/death-analytics';
import { seedDemoDeaths } from './domain/death-seed';

/** `node services/season/dist/seed.js`: seeds the demo league into MONGO_URL / MONGO_DB (idempotent). */
async function main() {
  const config = loadServiceConfig();
  const logger = createLogger('season-seed', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis = redisConnection(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    const result = await seedDemo(conn, { season7StartsNow: config.SEASON7_STARTS_NOW });
    // Running season services read the season documents again at once (domain/season-directory.ts).
    await redisChangeToken(redis, config.MONGO_DB, 'seasons').replace();
    logger.info({ ...result, db: config.MONGO_DB, season7StartsNow: config.SEASON7_STARTS_NOW }, 'season demo seeded');
    // The demo players' cloud stashes, through the upload use case; the running service's relay publishes
    // the events this leaves in the outboxes.
    const locks = new Locks(redis);
    const stashes = stashModels(conn);
    await Promise.all(Object.values(stashes).map((m) => m.init()));
    const records = new RecordTable(stashes, logger);
    await records.load();
    const models = seasonModels(conn);
    const season = {
      models,
      logger,
      publishSoon: () => undefined,
      now: () => new Date(),
      ladderChanged: () => undefined,
      // The running services' caches see what the seeds change through the same tokens.
      tokens: redisSeasonTokens(redis, config.MONGO_DB),
      ranks: seasonRankIndex(redis, config.MONGO_DB, locks, models.Standing),
      locks,
      // The ids the running service hands out (e.g. characters of the demo deaths) come from the same sequences.
      sequences: sequencesFor(redis, config.MONGO_DB),
    };
    const ctx = {
      season,
      models: stashes,
      nextId: sequenceIds(sequencesFor(redis, config.MONGO_DB), stashes),
      records,
    };
    const stash = await seedDemoStashes(ctx);
    logger.info(stash, 'demo stashes seeded');
    // A few deaths on the hardcore ladder, through the upload use case, for the kill tracker and the analytics.
    const deaths = await seedDemoDeaths({
      season,
      models: characterModels(conn),
      analytics: redisAnalyticsCache(redis, config.MONGO_DB),
    });
    logger.info(deaths, 'demo deaths seeded');
    // Trade learns its participants from participant-joined: announce the seeded ones now, so the events
    // already wait in the outboxes when the service starts (its start announces any left, in the background).
    logger.info({ announced: await announceParticipants(ctx) }, 'participants announced to trade');
  } finally {
    await conn.close();
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(`season seed failed: ${(err as Error).message}`);
  process.exit(1);
});
