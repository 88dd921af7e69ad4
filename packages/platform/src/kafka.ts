import { randomUUID } from 'node:crypto';
import {
  eventDefinition,
  eventEnvelopeSchema,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
} from '@league/contracts';
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type IHeaders,
  type Message,
  type Producer,
  type RecordMetadata,
} from 'kafkajs';
import { addPosition } from './consistency-token';
import { currentContext, currentRequestId, runWithContext, Writes, type PublishedPosition } from './context';
import { eventSeconds, registerLagSource, type LagSample } from './metrics';
import type { Logger } from './logger';

export interface BusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Attempts per message before it is parked in `<topic>.dlq`. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Looks up event definitions by type; defaults to the contracts' registry. */
  definitions?: (type: string) => EventDefinition | undefined;
  /**
   * Prepended to every topic name on the wire (config KAFKA_TOPIC_PREFIX). Callers keep using the logical
   * names of the contracts (and outbox entries store them); only the broker sees the prefixed ones.
   */
  topicPrefix?: string;
}

export type EventHandler<T = unknown> = (
  event: EventEnvelope<T>,
  meta: { topic: string; partition: number; offset: string },
) => Promise<void>;

export interface SubscribeOptions {
  groupId: string;
  /** Handlers by event type. Each must be idempotent: delivery is at least once. */
  handlers: Record<string, EventHandler<never>>;
  fromBeginning?: boolean;
  /** How long subscribe waits for the consumer to join its group before it returns anyway (0: it does not wait). */
  joinTimeoutMs?: number;
  /**
   * How many partitions are handled at once (default 1). Order holds within a partition (one aggregate's
   * events); a consumer of several topics raises it so one topic's long replay does not hold up the others.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * Whose state the handlers change, for read-your-writes (consistency.ts): `group` (default), a database or
   * Redis every replica reads, so the offsets the group applied are shared in Redis; `replica`, this process's
   * memory (a per-replica group feeding an in-memory read model), so they are known to this process only.
   */
  appliedBy?: 'group' | 'replica';
  /** A group of this process alone (named by an instance id): deleted from the broker when the bus disconnects. */
  ephemeral?: boolean;
}

/** Told after each message a group has finished with (handled, skipped or parked), in partition order. */
export type AppliedListener = (applied: {
  groupId: string;
  /** The topic's name on the broker. */
  topic: string;
  partition: number;
  offset: number;
  shared: boolean;
}) => Promise<void>;

/** A group that consumes a topic, and whether what it applied is shared between replicas. */
export interface TopicConsumer {
  groupId: string;
  shared: boolean;
}

export function buildEnvelope<D extends EventDefinition>(
  def: D,
  data: EventData<D>,
  traceId = currentRequestId(),
): EventEnvelope<EventData<D>> {
  return {
    id: randomUUID(),
    type: def.type,
    occurredAt: new Date().toISOString(),
    producer: def.producer,
    traceId,
    data: def.schema.parse(data),
  };
}

const header = (headers: IHeaders | undefined, name: string) => {
  const v = headers?.[name];
  return v === undefined ? undefined : Array.isArray(v) ? String(v[0]) : String(v);
};

/** How much one send carries at most (the values' characters); a bigger single envelope goes alone. */
const BATCH_BYTES = 256 * 1024;

/** An envelope waiting in publishEnvelope's queue. */
interface Pending {
  topic: string;
  /** The topic's name on the broker. */
  wire: string;
  message: Message;
  /** The value's length (the envelope's JSON). */
  size: number;
  resolve: (position: PublishedPosition | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * How long the group coordinator keeps a consumer that stopped heartbeating. A member that died (a killed
 * process, or a consumer replaced after a crash or a broker restart: the new one joins under a new member id)
 * holds its partitions, and the next rebalance waits for it, until this runs out. kafkajs' default of 30 s
 * made every such recovery wait about 30 s; 10 s is the shortest that stays safe here: kafkajs heartbeats after
 * each message and between a handler's retries, and a single try waits at most 10 s for the database
 * (mongo.ts, serverSelectionTimeoutMS). The broker accepts 6-300 s (group.min/max.session.timeout.ms).
 */
const CONSUMER_SESSION_TIMEOUT_MS = 10_000;
/** A third of the session timeout, as kafkajs advises: two heartbeats may be lost before a member is dropped. */
const CONSUMER_HEARTBEAT_INTERVAL_MS = 3_000;
/**
 * How long a fetch may wait at the broker for new events (kafkajs' default is 5 s). A waiting fetch returns as
 * soon as an event arrives, so this does not delay delivery; it bounds how long stopping a consumer waits for
 * the fetch in flight (a rolling restart, a test's teardown), at the cost of one idle fetch a second.
 */
const CONSUMER_MAX_WAIT_MS = 1_000;

/**
 * Where each message of a send landed, from the send's answer: its partition's base offset plus its place
 * among that partition's messages (in the order sent). `undefined` for a message whose partition the answer
 * does not name, or whose partition is unknown: that message was not written. kafkajs 2.2.4 loses messages
 * that way (src/producer/sendMessages.js): a send retried after a broker failed goes only to the brokers that
 * have not answered yet, so the partitions whose leadership moved to a broker that already answered for
 * others are never sent, and the send resolves without them (seen in `npm run chaos`: two settlement requests
 * of a broker's outage acknowledged to the outbox relay and never in the topic).
 */
export function landedOffsets(
  messages: ReadonlyArray<{ wire: string; partition: number | undefined }>,
  answer: ReadonlyArray<Pick<RecordMetadata, 'topicName' | 'partition' | 'baseOffset'>>,
): Array<number | undefined> {
  const base = new Map<string, number>();
  for (const m of answer)
    if (m.baseOffset !== undefined && Number(m.baseOffset) >= 0)
      base.set(`${m.topicName}\u0000${m.partition}`, Number(m.baseOffset));
  const next = new Map<string, number>();
  return messages.map(({ wire, partition }) => {
    if (partition === undefined) return undefined;
    const at = `${wire}\u0000${partition}`;
    const first = base.get(at);
    if (first === undefined) return undefined;
    const index = next.get(at) ?? 0;
    next.set(at, index + 1);
    return first + index;
  });
}

/** Kafka over kafkajs: typed publishing with the envelope, and consumers with retry, backoff and a DLQ. */
export class EventBus {
  private readonly kafka: Kafka;
  private producer?: Producer;
  private readonly consumers: Consumer[] = [];
  /** What each consumer reads, for the consumer-lag metric and read-your-writes. */
  private readonly subscriptions: { groupId: string; topics: string[]; shared: boolean; ephemeral: boolean }[] = [];
  /** Told after each message a consumer finished with (consistency.ts records it). */
  onApplied?: AppliedListener;
  private admin?: Promise<Admin>;
  private unregisterLag?: () => void;
  private readonly log: Logger;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly definitions: (type: string) => EventDefinition | undefined;
  private readonly topicPrefix: string;
  private stopping = false;
  /** While a service starts (joiningTogether): the joins its subscriptions wait for together. */
  private pendingJoins?: Array<Promise<void>>;
  /** Envelopes waiting for the next send (publishEnvelope), in the order they were published. */
  private queue: Pending[] = [];
  private flushing = false;
  /** The partition the producer's partitioner chose for each message being sent. */
  private readonly chosen = new WeakMap<Message, number>();

  constructor(opts: BusOptions) {
    this.log = opts.logger.child({ component: 'kafka' });
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        if (entry.level <= logLevel.ERROR) this.log.error(rest, message);
        else if (entry.level === logLevel.WARN) this.log.warn(rest, message);
      },
      retry: { retries: 8, initialRetryTime: 200 },
    });
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.backoffMs = opts.backoffMs ?? 200;
    this.maxBackoffMs = opts.maxBackoffMs ?? 5_000;
    this.definitions = opts.definitions ?? eventDefinition;
    this.topicPrefix = opts.topicPrefix ?? '';
  }

  /** The topic's name on the broker. */
  wire(topic: string): string {
    return `${this.topicPrefix}${topic}`;
  }

  /** The groups of this process that consume a topic (its name on the broker). */
  consumersOf(wireTopic: string): TopicConsumer[] {
    const out: TopicConsumer[] = [];
    for (const s of this.subscriptions)
      if (s.topics.includes(wireTopic) && !out.some((c) => c.groupId === s.groupId))
        out.push({ groupId: s.groupId, shared: s.shared });
    return out;
  }

  /**
   * Forgets the kept admin client; the next use connects a new one. The old one is disconnected a little
   * later, so that a call still using it ends first.
   */
  private dropAdminClient(): void {
    const dropped = this.admin;
    this.admin = undefined;
    if (dropped) setTimeout(() => void dropped.then((a) => a.disconnect()).catch(() => undefined), 5_000).unref();
  }

  /** An admin client kept for lastOffsets and group deletion. */
  private adminClient(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((err: unknown) => {
      this.admin = undefined;
      throw err;
    });
    return this.admin;
  }

  /**
   * The offset of the last message in each partition of a (logical) topic that holds any, read from the
   * broker now.
   */
  async lastOffsets(topic: string): Promise<Array<{ partition: number; offset: number }>> {
    let offsets: Awaited<ReturnType<Admin['fetchTopicOffsets']>>;
    for (let attempt = 1; ; attempt += 1) {
      try {
        offsets = await (await this.adminClient()).fetchTopicOffsets(this.wire(topic));
        break;
      } catch (err) {
        // The kept client's metadata names a leader that no longer is one (a broker restarted, a topic just
        // created), and kafkajs' admin does not refresh it on that answer: a new client reads it afresh.
        if (attempt >= 3 || !(err as { retriable?: boolean }).retriable) throw err;
        this.dropAdminClient();
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
    return offsets
      .filter((p) => Number(p.high) > Number(p.low))
      .map((p) => ({ partition: p.partition, offset: Number(p.high) - 1 }));
  }

  async connect(): Promise<void> {
    if (this.producer) return;
    // acks=all (every send passes acks -1) and idempotent: an acknowledged event is on every in-sync replica
    // (at least min.insync.replicas = 2 of 3 brokers in production), and a send retried after a lost answer
    // or a leader change is written once, not twice. kafkajs keeps the sequence right only with one request
    // in flight per broker; bench/README.md ("Kafka producer settings") has what that costs. The idempotent
    // producer retries until the broker takes the send (a relay would re-send its outbox otherwise); the wait
    // between tries is capped at 5 s so a publish goes out soon after a broker comes back.
    const chosen = this.chosen;
    const producer = this.kafka.producer({
      // The default partitioner (murmur2 of the key), noting its choice: a batch's answer gives each partition's
      // base offset, and a message's own offset follows from its place among that partition's messages.
      createPartitioner: () => {
        const partition = Partitioners.DefaultPartitioner();
        return (args) => {
          const chosenPartition = partition(args);
          chosen.set(args.message, chosenPartition);
          return chosenPartition;
        };
      },
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 200, maxRetryTime: 5_000 },
    });
    await producer.connect();
    this.producer = producer;
  }

  /**
   * Creates topics (and their DLQs) if missing; safe to call on every start. Their replication is the
   * broker's default (`default.replication.factor`, `min.insync.replicas`): 3 and 2 on the three-broker
   * cluster of tools/stack, compose and production (where the k8s topics Job declares them first), 1 and 1 on
   * the single local broker. With acks=all an acknowledged event then survives the loss of a broker, and a
   * write is refused rather than kept on one copy.
   */
  async ensureTopics(topics: string[], numPartitions = 3): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = [...new Set(topics.map((t) => this.wire(t)))].filter((t) => !existing.has(t));
      if (missing.length) {
        await admin.createTopics({
          topics: missing.map((topic) => ({ topic, numPartitions })),
          waitForLeaders: false,
        });
        await this.leadersElected(admin, missing);
      }
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * Waits until every partition of the topics has a leader. kafkajs' own wait (createTopics' waitForLeaders)
   * gives up when the broker it asks has not heard of a new topic yet, which on a cluster of several brokers
   * is the usual case for a moment after the controller created it.
   */
  private async leadersElected(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const { topics: found } = await admin.fetchTopicMetadata({ topics });
        if (found.length === topics.length && found.every((t) => t.partitions.every((p) => p.leader >= 0))) return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
      if (Date.now() > deadline)
        throw new Error(`no leader for every partition of ${topics.join(', ')} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async publish<D extends EventDefinition>(
    def: D,
    data: EventData<D>,
    key: string,
  ): Promise<EventEnvelope<EventData<D>>> {
    const envelope = buildEnvelope(def, data);
    await this.publishEnvelope(def.topic, envelope, key);
    return envelope;
  }

  /**
   * Sends an already-built envelope (the outbox relay uses this so a retry re-sends the same event id), and
   * answers where it landed (logical topic, partition, offset). Sent inside a unit of work, the position is
   * also that unit's own (its read-your-writes token).
   *
   * Envelopes published while a send is in flight go out together in the next one (one produce request per
   * broker, acks=all): the producer keeps one request in flight per broker (idempotence), so under load this
   * is what lets many writers publish in one round trip instead of queueing one round trip each. The order of
   * the calls is the order on each partition.
   */
  publishEnvelope(topic: string, envelope: EventEnvelope, key: string): Promise<PublishedPosition | undefined> {
    const value = JSON.stringify(envelope);
    const message: Message = {
      key,
      value,
      headers: { 'x-trace-id': envelope.traceId, 'x-event-type': envelope.type, 'x-event-id': envelope.id },
    };
    const landed = new Promise<PublishedPosition | undefined>((resolve, reject) =>
      this.queue.push({ topic, wire: this.wire(topic), message, size: value.length, resolve, reject }),
    );
    this.startFlush();
    return landed.then((position) => {
      const writes = currentContext()?.writes;
      if (writes && position) addPosition(writes.positions, topic, position.partition, position.offset);
      return position;
    });
  }

  /** Starts the sender unless it runs; one that finished just as more was queued is started again. */
  private startFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    void this.flush().finally(() => {
      this.flushing = false;
      if (this.queue.length) this.startFlush();
    });
  }

  /** Sends what is queued, batch after batch, until the queue is empty. */
  private async flush(): Promise<void> {
    while (this.queue.length) {
      // At most BATCH_BYTES of values a send (a record batch must stay under the broker's message.max.bytes).
      let bytes = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || bytes + this.queue[n]!.size <= BATCH_BYTES))
        bytes += this.queue[n++]!.size;
      const batch = this.queue.splice(0, n);
      try {
        if (!this.producer) await this.connect();
        const byTopic = new Map<string, Message[]>();
        for (const p of batch) {
          const list = byTopic.get(p.wire);
          if (list) list.push(p.message);
          else byTopic.set(p.wire, [p.message]);
        }
        const metas = await this.producer!.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
        });
        const placed = batch.map((p) => ({ wire: p.wire, partition: this.chosen.get(p.message) }));
        const offsets = landedOffsets(placed, metas);
        const dropped: Pending[] = [];
        batch.forEach((p, i) => {
          const offset = offsets[i];
          if (offset === undefined) dropped.push(p);
          else p.resolve({ topic: p.topic, partition: placed[i]!.partition!, offset });
        });
        if (dropped.length) {
          const err = new Error(
            `Kafka did not acknowledge ${dropped.length} of the ${batch.length} events of a send (a partition's leader moved while it was retried); they fail, to be sent again`,
          );
          this.log.warn({ topics: [...new Set(dropped.map((p) => p.topic))] }, err.message);
          // As for a failed send: what was queued behind goes out only after these are sent again.
          for (const p of [...dropped, ...this.queue.splice(0)]) p.reject(err);
        }
      } catch (err) {
        // What was queued behind a failed send fails too: an entry must never go out before one published
        // ahead of it (a relay sends a document's entries again, in order).
        for (const p of [...batch, ...this.queue.splice(0)]) p.reject(err);
      }
    }
  }

  /**
   * Consumes the handlers' topics in `groupId`. The consumer heals itself: kafkajs restarts a consumer after
   * a retriable crash, but gives up for good after a crash it deems final (seen when the broker restarts
   * under load: "Failed to find group coordinator", a KafkaJSNonRetriableError). Such a consumer is replaced
   * here by a new one in the same group (backing off from 1 s to 30 s while the broker is away, and from 1 s
   * again after one had joined), so a service goes on consuming once the broker is back, with no restart of its
   * process. The returned consumer is the first one; `disconnect()` stops whichever is current.
   */
  async subscribe(opts: SubscribeOptions): Promise<Consumer> {
    this.subscriptions.push({
      groupId: opts.groupId,
      topics: this.topicsOf(opts),
      shared: (opts.appliedBy ?? 'group') === 'group',
      ephemeral: Boolean(opts.ephemeral),
    });
    this.unregisterLag ??= registerLagSource(() => this.consumerLag());
    return this.startConsumer(opts, opts.joinTimeoutMs, 0);
  }

  private topicsOf(opts: SubscribeOptions): string[] {
    return Object.keys(opts.handlers).map((t) => this.wire(this.definitions(t)?.topic ?? t));
  }

  /** After a crash kafkajs will not restart from: a new consumer in the same group, after a backoff. */
  private replaceAfterCrash(opts: SubscribeOptions, dead: Consumer, replaced: number) {
    const delay = Math.min(1_000 * 2 ** replaced, 30_000);
    this.log.warn({ groupId: opts.groupId, delay }, 'consumer crashed for good; starting a new one');
    setTimeout(() => {
      if (this.stopping) return;
      const at = this.consumers.indexOf(dead);
      if (at >= 0) this.consumers.splice(at, 1);
      void dead
        .disconnect()
        .catch(() => undefined)
        .then(() => (this.stopping ? undefined : this.startConsumer(opts, 0, replaced + 1)))
        .then((fresh) => fresh && this.log.info({ groupId: opts.groupId }, 'consumer replaced after a crash'))
        .catch((err: unknown) => {
          this.log.warn({ err, groupId: opts.groupId }, 'starting the new consumer failed; trying again');
          this.replaceAfterCrash(opts, dead, replaced + 1);
        });
    }, delay).unref();
  }

  private async startConsumer(opts: SubscribeOptions, joinTimeoutMs: number | undefined, replaced: number) {
    const consumer = this.kafka.consumer({
      groupId: opts.groupId,
      allowAutoTopicCreation: true,
      sessionTimeout: CONSUMER_SESSION_TIMEOUT_MS,
      heartbeatInterval: CONSUMER_HEARTBEAT_INTERVAL_MS,
      maxWaitTimeInMs: CONSUMER_MAX_WAIT_MS,
    });
    // A consumer that had joined its group was healthy: if it crashes for good, its replacement starts again
    // from the shortest backoff (a process living through many broker restarts never waits 30 s to consume).
    let hasJoined = false;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart && !this.stopping) this.replaceAfterCrash(opts, consumer, hasJoined ? 0 : replaced);
    });
    // Where the group starts on each partition it was given counts as applied (consistency.ts).
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      hasJoined = true;
      this.recordStart(opts, payload.memberAssignment).catch((err: unknown) =>
        this.log.warn({ err, groupId: opts.groupId }, 'recording where the group starts failed'),
      );
    });
    // Registered before connecting, so that disconnect() stops it even while it is still starting.
    this.consumers.push(consumer);
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: this.topicsOf(opts), fromBeginning: opts.fromBeginning ?? true });
    } catch (err) {
      this.consumers.splice(this.consumers.indexOf(consumer), 1);
      await consumer.disconnect().catch(() => undefined);
      throw err;
    }
    // On a fresh broker the first join can take many seconds. Waiting for it makes a started service (and a
    // test that just booted one) actually consuming.
    let removeListener: (() => void) | undefined;
    const joined = new Promise<void>((resolve) => {
      removeListener = consumer.on(consumer.events.GROUP_JOIN, () => resolve());
    });
    // kafkajs' run() resolves once the first join is done (or, when that failed, once its restart is scheduled:
    // the join event is then still to come). Not awaited here, so that a starting service's groups join at once.
    const running = consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: opts.partitionsConsumedConcurrently ?? 1,
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        const raw = message.value?.toString('utf8') ?? '';
        const traceId = header(message.headers, 'x-trace-id') ?? randomUUID();
        await runWithContext({ requestId: traceId, writes: new Writes() }, async () => {
          const meta = { topic, partition, offset: message.offset };
          let envelope: EventEnvelope;
          try {
            const parsed = eventEnvelopeSchema.parse(JSON.parse(raw));
            const def = this.definitions(parsed.type);
            envelope = { ...parsed, data: def ? def.schema.parse(parsed.data) : parsed.data };
          } catch (err) {
            // A message that cannot be parsed will never succeed: park it at once.
            await this.toDlq(topic, message.key, raw, message.headers, `unreadable: ${(err as Error).message}`, 0);
            return;
          }
          const handler = opts.handlers[envelope.type];
          if (!handler) return;
          const started = Date.now();
          const produced = Number(message.timestamp);
          if (produced > 0)
            eventSeconds.observe({ group: opts.groupId, stage: 'delivery' }, Math.max(0, started - produced) / 1000);
          const handled = () =>
            eventSeconds.observe({ group: opts.groupId, stage: 'handler' }, (Date.now() - started) / 1000);
          let attempt = 0;
          for (;;) {
            attempt += 1;
            try {
              await handler(envelope as never, meta);
              handled();
              return;
            } catch (err) {
              if (attempt >= this.maxAttempts || this.stopping) {
                if (this.stopping) throw err; // leave uncommitted; another member or the restart redelivers
                this.log.error({ err, topic, eventId: envelope.id, attempt }, 'handler failed; parking event in DLQ');
                await this.toDlq(topic, message.key, raw, message.headers, (err as Error).message, attempt);
                return;
              }
              const delay = Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs);
              this.log.warn({ err, topic, eventId: envelope.id, attempt, delay }, 'handler failed; retrying');
              await new Promise((r) => setTimeout(r, delay));
              await heartbeat();
            }
          }
        });
        // Handled, skipped (no handler) or parked: the group is done with this offset.
        if (this.onApplied) {
          const recording = Date.now();
          await this.onApplied({
            groupId: opts.groupId,
            topic,
            partition,
            offset: Number(message.offset),
            shared: (opts.appliedBy ?? 'group') === 'group',
          }).catch((err: unknown) => this.log.warn({ err, topic, partition }, 'recording the applied offset failed'));
          eventSeconds.observe({ group: opts.groupId, stage: 'applied' }, (Date.now() - recording) / 1000);
        }
      },
    });
    if (joinTimeoutMs === 0) {
      // The caller does not wait: the group is joined in the background.
      removeListener?.();
      running.catch((err: unknown) => this.log.warn({ err, groupId: opts.groupId }, 'consumer failed to start'));
      return consumer;
    }
    const joinedOrLate = this.joinedWithin(
      running.then(() => joined),
      opts.groupId,
      joinTimeoutMs ?? 30_000,
    ).finally(() => removeListener?.());
    // Inside joiningTogether (a service starting): joined with the others, waited for at its end.
    if (this.pendingJoins) this.pendingJoins.push(joinedOrLate);
    else await joinedOrLate;
    return consumer;
  }

  /** Resolves when the group is joined, or after `ms` with a warning (the caller goes on); rejects when run() failed. */
  private async joinedWithin(joined: Promise<void>, groupId: string, ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.log.warn({ groupId }, 'consumer has not joined its group yet; going on');
        resolve();
      }, ms);
    });
    try {
      await Promise.race([joined, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Runs a service's start with every subscription joining its group at the same time, then waits for all
   * of them. Each join is a rebalance of its group (after a restart, until the dead member's session has run
   * out, and each live member rejoining on its next heartbeat), so joining one group after the other made a
   * restarted service ready only after the sum of its groups' rebalances.
   */
  async joiningTogether<T>(start: () => Promise<T>): Promise<T> {
    const outer = this.pendingJoins;
    const joins: Array<Promise<void>> = [];
    this.pendingJoins = joins;
    try {
      const result = await start();
      await Promise.all(joins);
      return result;
    } catch (err) {
      // The start failed: a join that fails later has nobody left to tell.
      for (const join of joins) join.catch(() => undefined);
      throw err;
    } finally {
      this.pendingJoins = outer;
    }
  }

  /**
   * Read-your-writes (consistency.ts): what a group starts after on a partition it was just given is as good
   * as applied: the committed offset (some member handled everything before it), or, for a group without one,
   * the log's start (`fromBeginning`) or its end at the join (a group that starts at the end skips what came
   * before by design). Without this, a group that joined a topic's end (a new deployment, a test that skips
   * the shared history) would never reach the positions of the messages it skipped, and a catch-up to the
   * topic's last offsets would wait for its bound.
   */
  private async recordStart(opts: SubscribeOptions, assignment: Record<string, number[]>) {
    if (!this.onApplied) return;
    const topics = Object.keys(assignment).filter((t) => assignment[t]?.length);
    if (!topics.length) return;
    const admin = await this.adminClient();
    const committed = await admin.fetchOffsets({ groupId: opts.groupId, topics });
    for (const { topic, partitions } of committed) {
      const mine = new Set(assignment[topic]);
      let ends: Map<number, { low: string; high: string }> | undefined;
      for (const { partition, offset } of partitions) {
        if (!mine.has(partition)) continue;
        let start = Number(offset);
        if (start < 0) {
          ends ??= new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
          const end = ends.get(partition);
          if (!end) continue;
          start = Number((opts.fromBeginning ?? true) ? end.low : end.high);
        }
        if (start <= 0) continue;
        await this.onApplied({
          groupId: opts.groupId,
          topic,
          partition,
          offset: start - 1,
          shared: (opts.appliedBy ?? 'group') === 'group',
        });
      }
    }
  }

  private async toDlq(
    topic: string,
    key: Buffer | null,
    raw: string,
    headers: IHeaders | undefined,
    reason: string,
    attempts: number,
  ) {
    if (!this.producer) await this.connect();
    await this.producer!.send({
      acks: -1,
      topic: `${topic}.dlq`,
      messages: [
        {
          key,
          value: raw,
          headers: {
            ...(headers ?? {}),
            'x-dlq-reason': reason.slice(0, 500),
            'x-dlq-attempts': String(attempts),
            'x-original-topic': topic,
          },
        },
      ],
    });
  }

  /**
   * Each subscribed group's lag per partition: the partition's end offset minus the group's committed offset
   * (a group that has committed nothing yet lags from the partition's start).
   */
  async consumerLag(): Promise<LagSample[]> {
    if (!this.subscriptions.length) return [];
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const samples: LagSample[] = [];
      for (const { groupId, topics } of this.subscriptions) {
        const committed = await admin.fetchOffsets({ groupId, topics });
        for (const { topic, partitions } of committed) {
          const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
          for (const { partition, offset } of partitions) {
            const end = ends.get(partition);
            if (!end) continue;
            const from = Number(offset) >= 0 ? Number(offset) : Number(end.low);
            samples.push({ group: groupId, topic, partition, lag: Math.max(0, Number(end.high) - from) });
          }
        }
      }
      return samples;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  async disconnect(): Promise<void> {
    this.stopping = true;
    this.unregisterLag?.();
    this.unregisterLag = undefined;
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    this.consumers.length = 0;
    const ephemeral = this.subscriptions.filter((s) => s.ephemeral).map((s) => s.groupId);
    if (ephemeral.length) {
      // Groups nobody joins again: gone now instead of lingering on the broker for the retention period.
      await this.adminClient()
        .then((a) => a.deleteGroups(ephemeral))
        .catch((err: unknown) => this.log.warn({ err, groups: ephemeral }, 'deleting ephemeral groups failed'));
    }
    const admin = this.admin;
    this.admin = undefined;
    await admin?.then((a) => a.disconnect()).catch(() => undefined);
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = undefined;
  }

  /** Readiness: the broker answers metadata requests. */
  async ping(): Promise<boolean> {
    const admin = this.kafka.admin();
    try {
      await admin.connect();
      await admin.listTopics();
      return true;
    } catch {
      return false;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}
