import type { EventDefinition, EventEnvelope } from '@league/contracts';
import { Kafka, logLevel } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import { buildEnvelope, EventBus } from '../src/kafka';
import { Locks } from '../src/lock';
import { applyOnce, OutboxRelay, outboxEntry } from '../src/outbox';
import { redisConnection } from '../src/queue';
import { engines, eventually, quietLogger, unique } from './support/engines';
import { runChild } from './support/spawn';
import { widgetModel, widgetMovedEvent } from './support/widget';

jest.setTimeout(120_000);

/** Reads every message of a topic from the start with a plain kafkajs consumer (an independent witness). */
async function readTopic(topic: string, expected: number) {
  const kafka = new Kafka({ clientId: 'witness', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: unique('witness'), maxWaitTimeInMs: 200 });
  const got: Array<{ key?: string; value: string; headers: Record<string, string> }> = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
      got.push({ key: message.key?.toString(), value: message.value?.toString() ?? '', headers });
    },
  });
  try {
    await eventually(async () => got.length >= expected, 30_000);
    return got;
  } finally {
    await consumer.disconnect();
  }
}

describe('the Kafka bus against the real broker', () => {
  const redis = redisConnection(engines.redisUrl);
  const locks = new Locks(redis, `${unique('events-lock')}:`);
  afterAll(() => redis.disconnect());
  let suffix: string;
  let def: EventDefinition;
  let bus: EventBus;
  let conn: Connection;

  beforeEach(async () => {
    suffix = unique('w').slice(2);
    def = widgetMovedEvent(suffix.replace(/[^a-z0-9]/g, ''));
    bus = new EventBus({
      brokers: engines.kafkaBrokers,
      clientId: 'platform-test',
      logger: quietLogger(),
      definitions: (t) => (t === def.type ? def : undefined),
      maxAttempts: 3,
      backoffMs: 50,
    });
    await bus.ensureTopics([def.topic, def.dlqTopic], 1);
    conn = await mongoose.createConnection(engines.mongoUrl, { dbName: unique('platform-events') }).asPromise();
  });

  afterEach(async () => {
    await bus.disconnect();
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  });

  it('when another process publishes an event, then this process consumes it with its envelope and key', async () => {
    const received: EventEnvelope[] = [];
    await bus.subscribe({
      groupId: unique('consumer'),
      handlers: { [def.type]: async (e) => void received.push(e as EventEnvelope) },
    });
    const child = await runChild('publisher-child.ts', [
      def.type.split('.')[1]!.replace('widget-moved-', ''),
      engines.kafkaBrokers.join(','),
      'w-1',
      'shelf-9',
    ]);
    expect(child.stderr).toBe('');
    expect(child.code).toBe(0);
    const { id } = JSON.parse(child.stdout) as { id: string };
    const [event] = await eventually(async () => received.length > 0 && received);
    expect(event).toMatchObject({ id, type: def.type, producer: 'test', data: { widgetId: 'w-1', to: 'shelf-9' } });
    expect(event!.traceId).toEqual(expect.any(String));
  });

  it('when the same event is delivered twice, then the second delivery changes nothing', async () => {
    const Widget = widgetModel(conn);
    await Widget.create({ _id: 'w-2', shelf: 'A' });
    let deliveries = 0;
    await bus.subscribe({
      groupId: unique('consumer'),
      handlers: {
        [def.type]: async (e: EventEnvelope<{ widgetId: string; to: string }>) => {
          deliveries += 1;
          await applyOnce(
            Widget,
            { _id: e.data.widgetId },
            e.id,
            { $set: { shelf: e.data.to }, $inc: { moves: 1 } },
            { locks },
          );
        },
      },
    });
    const envelope = await bus.publish(def, { widgetId: 'w-2', to: 'B' }, 'w-2');
    await bus.publishEnvelope(def.topic, envelope, 'w-2'); // the redelivery: same event id
    await eventually(async () => deliveries >= 2);
    const stored = await Widget.findById('w-2').lean();
    expect(stored).toMatchObject({ shelf: 'B', moves: 1, appliedEvents: [envelope.id] });
  });

  it('when a process dies between its database write and its publish, then the event is published after restart', async () => {
    const Widget = widgetModel(conn);
    await Widget.create({ _id: 'w-3', shelf: 'A' });
    const args = [
      def.type.split('.')[1]!.replace('widget-moved-', ''),
      engines.mongoUrl,
      conn.name,
      engines.kafkaBrokers.join(','),
      'w-3',
    ];
    const crashed = await runChild('outbox-child.ts', ['write-then-crash', ...args]);
    expect(crashed.signal).toBe('SIGKILL');
    const afterCrash = await Widget.findById('w-3').lean();
    expect(afterCrash).toMatchObject({ shelf: 'B', moves: 1 });
    expect(afterCrash!.outbox).toHaveLength(1); // the event waits in the document, not lost

    const restarted = await runChild('outbox-child.ts', ['relay', ...args]);
    expect(restarted.code).toBe(0);
    expect(JSON.parse(restarted.stdout)).toEqual({ published: 1 });
    const messages = await readTopic(def.topic, 1);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.key).toBe('w-3');
    expect(JSON.parse(messages[0]!.value)).toMatchObject({ type: def.type, data: { widgetId: 'w-3', to: 'B' } });
    expect((await Widget.findById('w-3').lean())!.outbox).toHaveLength(0);
  });

  it('when a use case names the document it wrote, then the relay publishes it at once without sweeping the others', async () => {
    const Widget = widgetModel(conn);
    const entry = (id: string, to: string) => outboxEntry(def, { widgetId: id, to }, id);
    // w-5 waits in its outbox unnamed (as after a crash); w-6 is written and named.
    await Widget.collection.insertOne({ _id: 'w-5' as never, shelf: 'A', outbox: [entry('w-5', 'X')] });
    const relay = new OutboxRelay({ bus, logger: quietLogger(), models: [Widget], locks, sweepIntervalMs: 3_600_000 });
    try {
      await relay.drain(); // the sweep a start runs: w-5 goes out
      expect((await Widget.findById('w-5').lean())!.outbox).toHaveLength(0);
      await Widget.collection.insertOne({ _id: 'w-7' as never, shelf: 'A', outbox: [entry('w-7', 'Z')] });
      await Widget.collection.insertOne({ _id: 'w-6' as never, shelf: 'A', outbox: [entry('w-6', 'Y')] });
      relay.kick({ model: Widget, id: 'w-6' });
      await eventually(async () => (await Widget.findById('w-6').lean())!.outbox.length === 0, 10_000);
      // w-7 was not named and no sweep was due: it still waits (the next sweep takes it).
      expect((await Widget.findById('w-7').lean())!.outbox).toHaveLength(1);
      const messages = await readTopic(def.topic, 2);
      expect(messages.map((m) => m.key)).toEqual(['w-5', 'w-6']);
      expect(await relay.drain()).toBe(1);
    } finally {
      await relay.stop();
    }
  });

  it('when many envelopes are published at once, then each answers the partition and offset it landed at, one key’s in call order', async () => {
    const topic3 = `${def.topic}.p3`;
    await bus.ensureTopics([topic3], 3);
    const sent = Array.from({ length: 60 }, (_, i) => {
      const key = `w-${i % 7}`;
      return { key, envelope: buildEnvelope(def, { widgetId: key, to: `shelf-${i}` }) };
    });
    const positions = await Promise.all(sent.map((s) => bus.publishEnvelope(topic3, s.envelope, s.key)));
    // A witness reads where each event really is.
    const kafka = new Kafka({ clientId: 'witness', brokers: engines.kafkaBrokers, logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: unique('witness'), maxWaitTimeInMs: 200 });
    const at = new Map<string, { partition: number; offset: number }>();
    await consumer.connect();
    await consumer.subscribe({ topic: topic3, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) =>
        void at.set((JSON.parse(message.value!.toString()) as EventEnvelope).id, {
          partition,
          offset: Number(message.offset),
        }),
    });
    try {
      await eventually(async () => at.size >= sent.length, 30_000);
    } finally {
      await consumer.disconnect();
    }
    expect(positions.map((p) => p && { partition: p.partition, offset: p.offset })).toEqual(
      sent.map((s) => at.get(s.envelope.id)),
    );
    expect(new Set(positions.map((p) => p!.partition)).size).toBeGreaterThan(1);
    // One key, one partition, in the order of the calls.
    for (let k = 0; k < 7; k += 1) {
      const mine = sent.flatMap((s, i) => (s.key === `w-${k}` ? [positions[i]!] : []));
      expect(new Set(mine.map((p) => p.partition)).size).toBe(1);
      expect(mine.map((p) => p.offset)).toEqual([...mine.map((p) => p.offset)].sort((a, b) => a - b));
    }
  });

  it('when many named documents wait in their outboxes, then one drain publishes all of them, each document in its order, and empties them', async () => {
    const Widget = widgetModel(conn);
    const relay = new OutboxRelay({ bus, logger: quietLogger(), models: [Widget], locks, sweepIntervalMs: 3_600_000 });
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `w-many-${i}`);
      for (const id of ids)
        await Widget.collection.insertOne({
          _id: id as never,
          shelf: 'A',
          outbox: ['B', 'C', 'D'].map((to) => outboxEntry(def, { widgetId: id, to }, id)),
        });
      for (const id of ids) relay.kick({ model: Widget, id });
      await eventually(async () => (await Widget.countDocuments({ 'outbox.0': { $exists: true } })) === 0, 20_000);
      const messages = await readTopic(def.topic, ids.length * 3);
      expect(messages).toHaveLength(ids.length * 3);
      for (const id of ids)
        expect(
          messages
            .filter((m) => m.key === id)
            .map((m) => (JSON.parse(m.value) as EventEnvelope<{ to: string }>).data.to),
        ).toEqual(['B', 'C', 'D']);
    } finally {
      await relay.stop();
    }
  });

  it('when a message is unreadable or its handler keeps failing, then it is parked in the DLQ with the reason', async () => {
    let attempts = 0;
    await bus.subscribe({
      groupId: unique('consumer'),
      handlers: {
        [def.type]: async () => {
          attempts += 1;
          throw new Error('shelf is on fire');
        },
      },
    });
    const raw = new Kafka({
      clientId: 'poisoner',
      brokers: engines.kafkaBrokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await raw.connect();
    await raw.send({ topic: def.topic, messages: [{ key: 'p', value: '{not json' }] });
    await raw.disconnect();
    await bus.publish(def, { widgetId: 'w-4', to: 'C' }, 'w-4');

    const parked = await readTopic(def.dlqTopic, 2);
    const reasons = parked.map((m) => m.headers['x-dlq-reason']);
    expect(reasons[0]).toMatch(/^unreadable/);
    expect(reasons[1]).toBe('shelf is on fire');
    expect(parked[1]!.headers['x-dlq-attempts']).toBe('3');
    expect(attempts).toBe(3);
  });
  it('when a starting service subscribes several groups, then they join at the same time and the start returns once all have joined', async () => {
    const groups = [unique('together'), unique('together'), unique('together')];
    const joined: string[] = [];
    await bus.joiningTogether(async () => {
      for (const group of groups) {
        const consumer = await bus.subscribe({ groupId: group, handlers: { [def.type]: async () => undefined } });
        // Heard only because subscribe returned before its group's join: outside joiningTogether it waits for
        // the join, and a listener added afterwards hears nothing.
        consumer.on(consumer.events.GROUP_JOIN, () => joined.push(group));
      }
    });
    expect([...joined].sort()).toEqual([...groups].sort());
  });

  it('when two deployments share the broker with different topic prefixes, then each reads only its own events', async () => {
    const deployment = (prefix: string) =>
      new EventBus({
        brokers: engines.kafkaBrokers,
        clientId: `platform-test-${prefix}`,
        logger: quietLogger(),
        definitions: (t) => (t === def.type ? def : undefined),
        topicPrefix: prefix,
      });
    const a = deployment(`${suffix}-a.`);
    const b = deployment(`${suffix}-b.`);
    try {
      await a.ensureTopics([def.topic, def.dlqTopic], 1);
      await b.ensureTopics([def.topic, def.dlqTopic], 1);
      const seenByA: string[] = [];
      const seenByB: string[] = [];
      const handler = (seen: string[]) => async (e: EventEnvelope) =>
        void seen.push((e.data as { widgetId: string }).widgetId);
      await a.subscribe({ groupId: unique('a'), handlers: { [def.type]: handler(seenByA) as never } });
      await b.subscribe({ groupId: unique('b'), handlers: { [def.type]: handler(seenByB) as never } });
      await a.publish(def, { widgetId: 'from-a', to: 's' } as never, 'k');
      await b.publish(def, { widgetId: 'from-b', to: 's' } as never, 'k');
      // On the wire the topic carries the prefix; the unprefixed topic got nothing from either.
      const wire = await readTopic(`${suffix}-a.${def.topic}`, 1);
      expect(wire.map((m) => JSON.parse(m.value).data.widgetId)).toEqual(['from-a']);
      await eventually(async () => seenByA.length > 0 && seenByB.length > 0, 30_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(seenByA).toEqual(['from-a']);
      expect(seenByB).toEqual(['from-b']);
    } finally {
      await a.disconnect();
      await b.disconnect();
    }
  });
});
