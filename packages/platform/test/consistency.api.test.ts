import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventDefinition, EventEnvelope } from '@league/contracts';
import mongoose, { type Connection, type Model } from 'mongoose';
import { z } from 'zod';
import { Consistency } from '../src/consistency';
import { decodePositions, encodePositions } from '../src/consistency-token';
import { Api, createApp } from '../src/http';
import { EventBus } from '../src/kafka';
import { closeServer, listen } from '../src/lifecycle';
import { Locks } from '../src/lock';
import { createMetrics } from '../src/metrics';
import { OutboxRelay, outboxEntry } from '../src/outbox';
import { redisConnection } from '../src/queue';
import { engines, eventually, quietLogger, unique } from './support/engines';
import { widgetModel, widgetMovedEvent } from './support/widget';

jest.setTimeout(120_000);

/**
 * Read-your-writes end to end on the real engines: a write answers with the positions of its events, a
 * consumer group (deliberately slow) records what it applied in Redis, and a read carrying the token waits
 * for it on any replica, bounded.
 */
describe('read-your-writes: tokens of Kafka positions', () => {
  const redis = redisConnection(engines.redisUrl);
  const locks = new Locks(redis, `${unique('ryw-lock')}:`);
  const keyPrefix = `${unique('ryw-applied')}:`;
  const groupId = unique('ryw-group');
  let def: EventDefinition;
  let conn: Connection;
  let Widget: ReturnType<typeof widgetModel>;
  let Shelf: Model<{ _id: string; shelf: string }>;
  /** How long the consumer takes per event (the projection's lag). */
  let handlerDelayMs = 0;

  interface Replica {
    bus: EventBus;
    consistency: Consistency;
    relay: OutboxRelay;
    server: Server;
    url: string;
    metrics: ReturnType<typeof createMetrics>;
  }
  const replicas: Replica[] = [];

  async function replica(opts: { slowKafkaMs?: number; consume?: boolean } = {}): Promise<Replica> {
    const bus = new EventBus({
      brokers: engines.kafkaBrokers,
      clientId: 'ryw-test',
      logger: quietLogger(),
      definitions: (t) => (t === def.type ? def : undefined),
    });
    const metrics = createMetrics('ryw');
    const consistency = new Consistency({
      redis,
      bus,
      logger: quietLogger(),
      registry: metrics.registry,
      keyPrefix,
      waitMs: 1_500,
      publishWaitMs: 300,
    });
    const publisher = opts.slowKafkaMs
      ? (Object.assign(Object.create(bus) as EventBus, {
          publishEnvelope: async (...args: Parameters<EventBus['publishEnvelope']>) => {
            await new Promise((r) => setTimeout(r, opts.slowKafkaMs));
            return bus.publishEnvelope(...args);
          },
        }) as EventBus)
      : bus;
    const relay = new OutboxRelay({ bus: publisher, logger: quietLogger(), models: [Widget], locks });
    const api = new Api()
      .route(
        {
          method: 'post',
          path: '/widgets/:id/move',
          summary: 'move a widget (state and event in one write)',
          params: z.object({ id: z.string() }),
          body: z.object({ to: z.string() }),
        },
        async ({ params, body }) => {
          await Widget.collection.updateOne(
            { _id: params.id } as never,
            {
              $set: { shelf: body.to },
              $push: { outbox: outboxEntry(def, { widgetId: params.id, to: body.to }, params.id) },
            } as never,
            { upsert: true },
          );
          relay.kick({ model: Widget, id: params.id });
          return { moved: params.id };
        },
      )
      .route(
        {
          method: 'get',
          path: '/shelves/:id',
          summary: 'the projection',
          params: z.object({ id: z.string() }),
        },
        async ({ params }) => ({ shelf: (await Shelf.findById(params.id).lean())?.shelf ?? null }),
      );
    const app = createApp({ service: 'ryw', logger: quietLogger(), apis: [api], metrics, consistency });
    const server = await listen(app, 0);
    if (opts.consume !== false)
      await bus.subscribe({
        groupId,
        handlers: {
          [def.type]: async (e: EventEnvelope<{ widgetId: string; to: string }>) => {
            await new Promise((r) => setTimeout(r, handlerDelayMs));
            await Shelf.updateOne({ _id: e.data.widgetId }, { $set: { shelf: e.data.to } }, { upsert: true });
          },
        },
      });
    const r = {
      bus,
      consistency,
      relay,
      server,
      metrics,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    replicas.push(r);
    return r;
  }

  async function call(r: Replica, method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
    const started = Date.now();
    const res = await fetch(`${r.url}${path}`, {
      method,
      headers: {
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { 'x-consistency': opts.token } : {}),
      },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });
    return {
      status: res.status,
      body: await res.json(),
      token: res.headers.get('x-consistency') ?? undefined,
      ms: Date.now() - started,
    };
  }

  beforeAll(async () => {
    def = widgetMovedEvent(unique('ryw').replace(/[^a-z0-9]/g, ''));
    const setup = new EventBus({ brokers: engines.kafkaBrokers, clientId: 'ryw-setup', logger: quietLogger() });
    await setup.ensureTopics([def.topic, def.dlqTopic], 2);
    await setup.disconnect();
    conn = await mongoose.createConnection(engines.mongoUrl, { dbName: unique('platform-ryw') }).asPromise();
    Widget = widgetModel(conn);
    Shelf = conn.model<{ _id: string; shelf: string }>(
      'Shelf',
      new mongoose.Schema<{ _id: string; shelf: string }>({ _id: String, shelf: String }, { versionKey: false }),
      'shelves',
    );
  });

  afterEach(() => {
    handlerDelayMs = 0;
  });

  afterAll(async () => {
    for (const r of replicas) {
      r.consistency.close();
      await closeServer(r.server);
      await r.relay.stop();
      await r.bus.disconnect();
    }
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
    redis.disconnect();
  });

  it('when a write produced an event, then it answers with its position, and a read with it waits for the consumer', async () => {
    const a = await replica();
    // A replica that does not consume the topic (as trade writes what season consumes).
    const writer = await replica({ consume: false });
    handlerDelayMs = 400;
    const write = await call(writer, 'POST', '/widgets/w1/move', { body: { to: 'B' } });
    expect(write.status).toBe(200);
    const positions = decodePositions(write.token);
    expect(Object.keys(positions!)).toEqual([def.topic]);
    const [partition, offset] = Object.entries(positions![def.topic]!)[0]!;
    expect(Number(partition)).toBeGreaterThanOrEqual(0);
    expect(offset).toBeGreaterThanOrEqual(0);

    // Without the token the projection has not caught up yet; with it, the read waits until it has.
    const stale = await call(a, 'GET', '/shelves/w1');
    expect(stale.body).toEqual({ shelf: null });
    const fresh = await call(a, 'GET', '/shelves/w1', { token: write.token });
    expect(fresh.body).toEqual({ shelf: 'B' });
    expect(fresh.ms).toBeGreaterThanOrEqual(100);
    // The group's applied offset is in Redis for every replica.
    expect(Number(await redis.hget(`${keyPrefix}${groupId}`, `${def.topic}/${partition}`))).toBeGreaterThanOrEqual(
      offset!,
    );
    const metrics = await a.metrics.registry.metrics();
    expect(metrics).toMatch(/consistency_wait_seconds_count\{[^}]*kind="read"[^}]*outcome="reached"[^}]*\} [1-9]/);
  });

  it('when a write produced an event this same service consumes, then it answers once its own consumer applied it', async () => {
    const a = replicas[0]!;
    handlerDelayMs = 400;
    const write = await call(a, 'POST', '/widgets/w-own/move', { body: { to: 'O' } });
    expect(write.ms).toBeGreaterThanOrEqual(350);
    expect((await call(a, 'GET', '/shelves/w-own')).body).toEqual({ shelf: 'O' });
  });

  it('when the replica asked does not consume the partition, then it learns the group’s progress from Redis', async () => {
    const a = replicas[0]!;
    const b = await replica();
    // Both consuming replicas are in the group now; each write goes to one partition, consumed by one of them.
    await eventually(async () => (await a.bus.consumerLag()).length >= 2, 30_000);
    handlerDelayMs = 300;
    const seen = new Set<string>();
    for (let i = 0; i < 12 && seen.size < 2; i += 1) {
      const id = `w-r${i}`;
      const write = await call(a, 'POST', `/widgets/${id}/move`, { body: { to: `S${i}` } });
      const partition = Object.keys(decodePositions(write.token)![def.topic]!)[0]!;
      seen.add(partition);
      for (const r of [a, b]) {
        const read = await call(r, 'GET', `/shelves/${id}`, { token: write.token });
        expect({ replica: r.url, partition, body: read.body }).toEqual({
          replica: r.url,
          partition,
          body: { shelf: `S${i}` },
        });
      }
    }
    expect(seen.size).toBe(2);
  });

  it('when the token cannot be reached in time, then the read answers anyway after the bound', async () => {
    const a = replicas[0]!;
    const far = encodePositions({ [def.topic]: { '0': 10_000_000 } });
    const read = await call(a, 'GET', '/shelves/nothing', { token: far });
    expect(read.status).toBe(200);
    expect(read.ms).toBeGreaterThanOrEqual(1_400);
    expect(read.ms).toBeLessThan(4_000);
    expect(await a.metrics.registry.metrics()).toMatch(
      /consistency_wait_seconds_count\{[^}]*outcome="timeout"[^}]*\} 1/,
    );
  });

  it('when the token names only topics this service does not consume, or is garbage, then nothing waits', async () => {
    const a = replicas[0]!;
    for (const token of [encodePositions({ 'other.topic.v1': { '0': 10_000_000 } }), 'garbage!!', 'e30']) {
      const read = await call(a, 'GET', '/shelves/nothing', { token });
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(500);
    }
  });

  it('when a use case catches up, then it waits for what the topic holds now although it has no token', async () => {
    const a = replicas[0]!;
    handlerDelayMs = 300;
    await a.bus.publish(def, { widgetId: 'w-cu', to: 'C' }, 'w-cu');
    expect((await Shelf.findById('w-cu').lean())?.shelf).toBeUndefined();
    expect(await a.consistency.catchUp([def.topic])).toBe(true);
    expect((await Shelf.findById('w-cu').lean())?.shelf).toBe('C');
  });

  it('when Kafka is slower than the bound, then the write answers in time without a token', async () => {
    const slow = await replica({ slowKafkaMs: 1_500 });
    const write = await call(slow, 'POST', '/widgets/w-slow/move', { body: { to: 'D' } });
    expect(write.status).toBe(200);
    expect(write.token).toBeUndefined();
    expect(write.ms).toBeLessThan(1_200);
    await eventually(async () => (await Widget.findById('w-slow').lean())!.outbox.length === 0, 10_000);
  });
});
