import { connectMongo, createLogger, redisChangeToken, redisConnection, sequencesFor } from '@league/platform';
import { loadServiceConfig } from './config';
import { seedCatalogue } from './data/catalogue/seed';

/** `node services/season/dist/seed-catalogue.js`: writes the demo catalogue into the service's database. */
async function main(): Promise<void> {
  const config = loadServiceConfig();
  const logger = createLogger('season-seed', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  // Ids come from the same Redis sequences as the running service's, so the two never hand out one twice.
  const redis = redisConnection(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    // The running service's catalogue cache sees the seeded records through the same change token.
    const token = redisChangeToken(redis, config.MONGO_DB, 'catalogue');
    const created = await seedCatalogue(conn, sequencesFor(redis, config.MONGO_DB), token);
    logger.info({ db: config.MONGO_DB, created }, 'catalogue seeded');
  } finally {
    await conn.close();
    redis.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
