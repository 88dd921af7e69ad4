// What the producer settings of issue 30 cost (acks=all, idempotent, so one request in flight per broker):
// the platform's EventBus publishing N envelopes to a throwaway 3-partition topic, one at a time (an outbox
// relay's drain) and C at once (many requests publishing together), with the settings as they are and
// with the settings before (not idempotent, kafkajs' default of unlimited requests in flight), each twice in
// turn. Against the single broker (KAFKA_BROKERS, default the stack's) or the three-broker cluster
// (`--cluster`: `npm run stack -- up kafka-cluster` first). Prints p50/p95 per publish and the rate.
//
//   npx tsc -b packages/platform && node bench/kafka-producer.mjs [--cluster] [--messages 400] [--concurrency 50]
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kafkajs = require('kafkajs');
const { EventBus, createLogger } = require(path.join(root, 'packages/platform/dist/index.js'));
const stack = require(path.join(root, 'tools/stack/dist/index.js'));

const { values: opts } = parseArgs({
  options: {
    cluster: { type: 'boolean', default: false },
    messages: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '50' },
  },
});
const N = Number(opts.messages);
const C = Number(opts.concurrency);
const brokers = (
  opts.cluster
    ? stack.kafkaClusterBrokers(stack.loadSettings())
    : (process.env.KAFKA_BROKERS ?? stack.engineUrls(stack.loadSettings()).KAFKA_BROKERS)
).split(',');

// The settings before issue 30, put back for the comparison only: the platform's producer options replaced.
const producer = kafkajs.Kafka.prototype.producer;
const before = (on) => {
  kafkajs.Kafka.prototype.producer = on
    ? function (o = {}) {
        const { idempotent: _i, maxInFlightRequests: _m, retry: _r, ...rest } = o;
        return producer.call(this, { ...rest, idempotent: false });
      }
    : producer;
};

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(2);
};

async function measure(label, topic) {
  const bus = new EventBus({ brokers, clientId: `bench-producer-${label}`, logger: createLogger('bench', 'warn') });
  await bus.connect();
  const envelope = (i) => ({
    id: randomUUID(),
    type: 'bench.published.v1',
    occurredAt: new Date().toISOString(),
    producer: 'bench',
    traceId: 'bench',
    data: { i },
  });
  for (let i = 0; i < 20; i += 1) await bus.publishEnvelope(topic, envelope(i), `k${i}`); // warm-up
  const one = [];
  let t = performance.now();
  for (let i = 0; i < N; i += 1) {
    const s = performance.now();
    await bus.publishEnvelope(topic, envelope(i), `k${i}`);
    one.push(performance.now() - s);
  }
  const oneRate = N / ((performance.now() - t) / 1000);
  const many = [];
  let next = 0;
  t = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < N) {
        const i = next++;
        const s = performance.now();
        await bus.publishEnvelope(topic, envelope(i), `k${i}`);
        many.push(performance.now() - s);
      }
    }),
  );
  const manyRate = N / ((performance.now() - t) / 1000);
  await bus.disconnect();
  return {
    label,
    one: { p50: pct(one, 50), p95: pct(one, 95), rate: Math.round(oneRate) },
    many: { p50: pct(many, 50), p95: pct(many, 95), rate: Math.round(manyRate) },
  };
}

const admin = new kafkajs.Kafka({ clientId: 'bench-producer', brokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
await admin.connect();
const topic = `bench-producer-${randomUUID().slice(0, 8)}`;
const { replicationFactor, minInsyncReplicas } =
  (await admin.describeCluster()).brokers.length >= 3
    ? { replicationFactor: 3, minInsyncReplicas: 2 }
    : { replicationFactor: 1, minInsyncReplicas: 1 };
await admin.createTopics({
  waitForLeaders: true,
  topics: [
    {
      topic,
      numPartitions: 3,
      replicationFactor,
      configEntries: [{ name: 'min.insync.replicas', value: String(minInsyncReplicas) }],
    },
  ],
});
try {
  const rows = [];
  for (const round of [1, 2]) {
    before(true);
    rows.push({ ...(await measure('before: acks=all, not idempotent, unlimited in flight', topic)), round });
    before(false);
    rows.push({ ...(await measure('now: acks=all, idempotent, 1 in flight', topic)), round });
  }
  console.log(
    `${brokers.length} broker(s), topic rf ${replicationFactor} min.insync ${minInsyncReplicas}; ${N} publishes one at a time, then ${N} with ${C} at once (ms per publish)`,
  );
  for (const r of rows)
    console.log(
      `  round ${r.round} ${r.label.padEnd(56)} one at a time p50 ${r.one.p50} p95 ${r.one.p95} (${r.one.rate}/s); ${C} at once p50 ${r.many.p50} p95 ${r.many.p95} (${r.many.rate}/s)`,
    );
} finally {
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
}
