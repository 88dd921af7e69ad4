import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@league/contracts';
import { callJson, startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { sequencesFor } from '@league/platform';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { seedDemo, type SeedOptions } from '../../src/data/seed';
import { ITEM_SEQUENCE } from '../../src/domain/stash/context';
import { start, type SeasonService } from '../../src/server';
import { eventually } from '@league/platform/testing';

export const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

export { eventually };

export interface Harness {
  svc: SeasonService;
  /** The environment the service was started with (its database and consumer group), for a second process. */
  env: NodeJS.ProcessEnv;
  identity: TestIdentity;
  token: (username: string, roles?: string[]) => Promise<string>;
  call: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stop: () => Promise<void>;
}

/** Boots the season service on port 0 against the real engines, with its own database and consumer group, seeded. */
export async function bootSeason(
  seed: SeedOptions = { season7StartsNow: true, participantsPerLadder: 0 },
  extra: NodeJS.ProcessEnv = {},
): Promise<Harness> {
  const identity = await startTestIdentity();
  const env = testEnv('season', {
    JWKS_URL: identity.jwksUrl,
    SEASON_CONSUMER_GROUP: unique('season-test-'),
    ...extra,
  });
  const svc = await start(env);
  await seedDemo(svc.mongo, seed);
  // New participants and items are numbered from a base of this database's own, handed out by one counter on
  // the shared Redis: the topics are shared by every test file running at once, and a witness matching by
  // id must not see another file's events.
  const sequences = sequencesFor(svc.redis, env.MONGO_DB!);
  const base = (1 + ((await svc.redis.incr('test:season:id-base')) % 10_000)) * 100_000;
  await Promise.all([sequences.raise('participant', base), sequences.raise(ITEM_SEQUENCE, base)]);
  await svc.ctx.seasons?.changed();
  const tokens = new Map<string, string>();
  const token = async (username: string, roles: string[] = []) => {
    const key = `${username}|${roles.join(',')}`;
    if (!tokens.has(key)) tokens.set(key, await identity.token({ username, roles }));
    return tokens.get(key)!;
  };
  const call: Harness['call'] = async (method, path, opts = {}) => {
    const { status, body } = await callJson(svc.url, method, path, opts);
    return { status, body };
  };
  return {
    svc,
    env,
    identity,
    token,
    call,
    stop: async () => {
      await svc.mongo.dropDatabase().catch(() => undefined);
      await svc.stop();
      await identity.close();
    },
  };
}

/**
 * An independent witness: reads a topic with a plain kafkajs consumer and keeps what matches among the
 * events that occurred after it started. The topics are shared by every test file running at once; each
 * database numbers new participants and items from a base of its own (see `bootSeason`), so ids are enough.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEnvelope = EventEnvelope<any>;

export async function witness(topic: string, match: (e: AnyEnvelope) => boolean) {
  const kafka = new Kafka({
    clientId: 'season-witness',
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer: Consumer = kafka.consumer({ groupId: unique('season-witness-'), maxWaitTimeInMs: 200 });
  const seen: AnyEnvelope[] = [];
  const since = Date.now();
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const e = JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope;
      if (Date.parse(e.occurredAt) >= since && match(e)) seen.push(e);
    },
  });
  return { seen, stop: () => consumer.disconnect() };
}
