// The built trade service for the trade benches (trade-search, saved-search): a throwaway database, a
// test identity for tokens, a consumer group that starts at the end of season's topics, and a files bucket
// prefix of its own (so the service takes only game data the bench publishes, never the stack's). The
// service reads those topics from their beginning; earlier test runs' events there are no part of a
// measurement, and replaying them would load the store while it is measured.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { start } = require('../services/trade/dist/server.js');
const { startTestIdentity } = require('../packages/platform/dist/testing.js');
const { Kafka, logLevel } = require('kafkajs');

const SEASON_TOPICS = [
  'season.participant-joined.v1',
  'season.stash-item-changed.v1',
  'season.currencies-changed.v1',
  'season.settlement-completed.v1',
  'season.settlement-failed.v1',
];

/** A kafkajs client on the stack's brokers. */
export const benchKafka = (clientId) =>
  new Kafka({
    clientId,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });

/**
 * Starts trade on port 0 (`name` prefixes its database, group and bucket prefix); answers the service, the
 * identity and the files bucket prefix its game data is read under (`<prefix>-prod`, `<prefix>-beta`).
 */
export async function startTradeService(name) {
  const group = `${name}-${randomUUID().slice(0, 8)}`;
  const bucketPrefix = `${name}-${randomUUID().slice(0, 8)}`;
  const admin = benchKafka('bench-admin').admin();
  await admin.connect();
  for (const topic of SEASON_TOPICS) {
    const offsets = await admin.fetchTopicOffsets(topic);
    await admin.setOffsets({
      groupId: group,
      topic,
      partitions: offsets.map((o) => ({ partition: o.partition, offset: o.high })),
    });
  }
  await admin.disconnect();
  const identity = await startTestIdentity();
  const svc = await start({
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'silent',
    MONGO_DB: `${name}-${randomUUID().slice(0, 8)}`,
    TRADE_CONSUMER_GROUP: group,
    TRADE_INDEX_RESYNC_MS: '0',
    FILES_BUCKET_PREFIX: bucketPrefix,
    JWKS_URL: identity.jwksUrl,
  });
  return { svc, identity, bucketPrefix };
}
