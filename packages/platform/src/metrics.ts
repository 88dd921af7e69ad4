import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  httpDuration: client.Histogram<'method' | 'route' | 'status'>;
}

/** One partition's backlog for a consumer group: the end offset minus the group's committed offset. */
export interface LagSample {
  group: string;
  topic: string;
  partition: number;
  lag: number;
}

/** How many jobs of a BullMQ queue are in one state (waiting, active, delayed, failed, …). */
export interface DepthSample {
  queue: string;
  state: string;
  count: number;
}

type Source<T> = () => Promise<T[]>;
const lagSources = new Set<Source<LagSample>>();
const depthSources = new Set<Source<DepthSample>>();

/**
 * The process's Kafka consumers (EventBus) and queues (TypedQueue) register here, and every registry made by
 * createMetrics reads them when scraped. In production a process runs one service, so its /metrics shows its
 * own consumers and queues; a test process that boots several services sees every one, told apart by the
 * group and queue labels. Returns the unregister function.
 */
export function registerLagSource(source: Source<LagSample>): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}

export function registerDepthSource(source: Source<DepthSample>): () => void {
  depthSources.add(source);
  return () => depthSources.delete(source);
}

/** Seconds from 1 ms to 10 s: the buckets of the process-wide histograms below. */
const STAGE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * Where a consumed event's time goes, per consumer group: `delivery` from the event's produce time to its
 * handler's start (the fetch, and the batches ahead of it), `handler` its handler (retries included), `applied`
 * recording the applied offset for read-your-writes (consistency.ts). One histogram for the process, shown by
 * every registry createMetrics makes, like the lag gauge.
 */
export const eventSeconds = new client.Histogram({
  name: 'kafka_event_seconds',
  help: 'Consumed events: seconds from produce to handler start (stage delivery), in the handler (handler), recording the applied offset (applied)',
  labelNames: ['group', 'stage'] as const,
  buckets: STAGE_BUCKETS,
  registers: [],
});

/**
 * How long a caller of the platform's lock (lock.ts) waited for it, per lock name (the key's collection, e.g.
 * `stashes`) and outcome (`acquired`, or `busy` when it gave up). Shown by every registry, like eventSeconds.
 */
export const lockWaitSeconds = new client.Histogram({
  name: 'lock_wait_seconds',
  help: 'Seconds a caller waited for a platform lock, per lock name (the key before its first colon) and outcome (acquired, busy)',
  labelNames: ['lock', 'outcome'] as const,
  buckets: STAGE_BUCKETS,
  registers: [],
});

/** A scrape never waits long on an engine: a source slower than this reports nothing this time. */
const SOURCE_TIMEOUT_MS = 2_000;

async function gather<T>(sources: Set<Source<T>>): Promise<T[]> {
  const results = await Promise.allSettled(
    [...sources].map((s) =>
      Promise.race([
        s(),
        new Promise<T[]>((_, reject) => setTimeout(() => reject(new Error('timeout')), SOURCE_TIMEOUT_MS).unref()),
      ]),
    ),
  );
  return results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}

/** A registry per app, so tests that boot several apps in one process do not collide. */
export function createMetrics(service: string): Metrics {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new client.Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages not yet consumed: partition end offset minus the consumer group committed offset',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const s of await gather(lagSources))
        this.set({ group: s.group, topic: s.topic, partition: String(s.partition) }, s.lag);
    },
  });
  new client.Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs in a BullMQ queue by state (waiting and delayed are the depth)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const s of await gather(depthSources)) this.set({ queue: s.queue, state: s.state }, s.count);
    },
  });
  registry.registerMetric(eventSeconds);
  registry.registerMetric(lockWaitSeconds);
  return { registry, httpDuration };
}
