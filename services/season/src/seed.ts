import { connectMongo, createLogger } from '@league/platform';
import { loadServiceConfig } from './config';
import { seedDemo } from './data/seed';

/** `node services/season/dist/seed.js`: seeds the demo league into MONGO_URL / MONGO_DB (idempotent). */
async function main() {
  const config = loadServiceConfig();
  const logger = createLogger('season-seed', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  try {
    const result = await seedDemo(conn, { season7StartsNow: config.SEASON7_STARTS_NOW });
    logger.info({ ...result, db: config.MONGO_DB, season7StartsNow: config.SEASON7_STARTS_NOW }, 'season demo seeded');
  } finally {
    await conn.close();
  }
}

main().catch((err) => {
  console.error(`season seed failed: ${(err as Error).message}`);
  process.exit(1);
});
