import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { eventually } from '../../src/testing';

/** Engines under test: tools/stack's defaults, or whatever the environment points at. */
export const engines = {
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  minio: {
    endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
    accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
    secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
  },
};

/** A name no other test run uses, so runs never see each other's topics, databases or queues. */
export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export const quietLogger = () => pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export { eventually };
