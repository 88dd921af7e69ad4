import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allTopics } from '@league/contracts';
import type { Express } from 'express';
import type Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { Authenticator } from './auth';
import type { ServiceConfig } from './config';
import { Consistency } from './consistency';
import { createApp, InFlightLimit, type Api } from './http';
import { Locks } from './lock';
import { sequencesFor, type Sequences } from './sequence';
import { EventBus } from './kafka';
import { closeServer, listen } from './lifecycle';
import type { Logger } from './logger';
import { createMetrics } from './metrics';
import { connectMongo, mongoReady } from './mongo';
import { redisConnection, redisReady } from './queue';

export interface ServiceEngines {
  config: ServiceConfig;
  logger: Logger;
  mongo: Connection;
  bus: EventBus;
  redis: Redis;
  auth: Authenticator;
  /** Per-aggregate locks: wrap every read-check-write of one document (FerretDB does not isolate updates). */
  locks: Locks;
  /** Numeric id sequences (Redis INCR, seeded above the stored ids), namespaced by this service's database. */
  sequences: Sequences;
  /** Read-your-writes: the consumer groups' applied offsets, token waits and catch-ups (consistency.ts). */
  consistency: Consistency;
}

export interface ServiceDefinition {
  name: string;
  config: ServiceConfig;
  logger: Logger;
  /** Builds the service's routers once the engines are connected. */
  apis: (engines: ServiceEngines) => Api[];
  /** Starts consumers, relays and workers; returns how to stop them (called before engines close). */
  background?: (engines: ServiceEngines) => Promise<() => Promise<void>>;
  readiness?: (engines: ServiceEngines) => Record<string, () => Promise<boolean>>;
  configure?: (app: Express, engines: ServiceEngines) => void;
}

export interface RunningService extends ServiceEngines {
  app: Express;
  server: Server;
  port: number;
  url: string;
  stop: () => Promise<void>;
}

/**
 * The wiring every service shares: connect MongoDB, Kafka and Redis, create topics, build the app with
 * health, readiness and metrics, listen, and stop everything in reverse order.
 */
export async function startService(def: ServiceDefinition): Promise<RunningService> {
  const { config, logger } = def;
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const bus = new EventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: config.KAFKA_CLIENT_ID,
    logger,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
  });
  await bus.ensureTopics(allTopics());
  await bus.connect();
  const redis = redisConnection(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
  const metrics = createMetrics(def.name);
  const consistency = new Consistency({
    redis,
    bus,
    logger,
    registry: metrics.registry,
    waitMs: config.CONSISTENCY_WAIT_MS,
    publishWaitMs: config.CONSISTENCY_PUBLISH_WAIT_MS,
  });
  const auth = new Authenticator({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  const engines: ServiceEngines = {
    config,
    logger,
    mongo,
    bus,
    redis,
    auth,
    locks: new Locks(redis),
    sequences: sequencesFor(redis, config.MONGO_DB),
    consistency,
  };

  // Every group the background subscribes joins at the same time; the service listens once all have joined.
  const stopBackground = def.background
    ? await bus.joiningTogether(() => def.background!(engines))
    : async () => undefined;
  const app = createApp({
    service: def.name,
    logger,
    metrics,
    consistency,
    bodyLimit: config.BODY_LIMIT,
    inFlight: new InFlightLimit(config.HTTP_MAX_IN_FLIGHT),
    apis: def.apis(engines),
    configure: def.configure ? (a) => def.configure!(a, engines) : undefined,
    readiness: {
      mongo: () => mongoReady(mongo),
      kafka: () => bus.ping(),
      redis: () => redisReady(redis),
      ...(def.readiness?.(engines) ?? {}),
    },
  });
  const server = await listen(app, config.PORT);
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, `${def.name} listening`);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await closeServer(server);
    consistency.close();
    await stopBackground();
    await bus.disconnect();
    redis.disconnect();
    await mongo.close();
  };
  return { ...engines, app, server, port, url: `http://127.0.0.1:${port}`, stop };
}
