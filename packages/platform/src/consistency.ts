import type { ServerResponse } from 'node:http';
import type Redis from 'ioredis';
import client from 'prom-client';
import {
  addPosition,
  CONSISTENCY_HEADER,
  decodePositions,
  encodePositions,
  isEmptyPositions,
  mergePositions,
  type Positions,
} from './consistency-token';
import { currentContext, type Writes } from './context';
import type { EventBus } from './kafka';
import type { Logger } from './logger';

/**
 * Read-your-writes across services, one mechanism for the whole site (README "Read your own writes"):
 *
 * - A write answers once its own outbox entries are published (bounded by `publishWaitMs`), with the Kafka
 *   positions they got in `X-Consistency` (consistency-token.ts). If Kafka is slow it answers without them.
 * - Every consumer group records the offset it has applied per topic and partition in Redis after each
 *   message (a hash per group, only ever raised, by a Lua script), so any replica can tell how far the
 *   group is; a per-replica group (`appliedBy: 'replica'`) keeps them in memory.
 * - A request carrying a token waits, before its handler runs, until for every topic of the token that this
 *   service consumes each of its groups has applied the token's offset (polling Redis every `pollMs`, at most
 *   `waitMs`), then goes on anyway. Topics it does not consume are ignored. The wait is the histogram
 *   `consistency_wait_seconds`.
 * - A write whose events this same service consumes (season's standings from its own challenge events)
 *   also waits for that before answering, so its own projections are current for any client.
 * - `catchUp(topics)` waits for the groups to reach the topics' current last offsets: a use case confirms a
 *   negative answer from a projection with it (the launcher's upload, then the browser's listing).
 */
export interface ConsistencyOptions {
  redis: Redis;
  bus: EventBus;
  logger: Logger;
  registry?: client.Registry;
  /** Redis key prefix of the applied-offset hashes (one per consumer group). */
  keyPrefix?: string;
  /** The longest a request waits for the groups to reach its token (default 2 s). */
  waitMs?: number;
  /** The longest a write waits for its events to be published before it answers without them (default 1 s). */
  publishWaitMs?: number;
  /** How often Redis is read while requests wait (default 5 ms). */
  pollMs?: number;
}

interface Need {
  /** `${group}\0${wireTopic}\0${partition}`: the cache key of what the group applied. */
  key: string;
  redisKey: string;
  field: string;
  offset: number;
  shared: boolean;
}

interface Waiter {
  needs: Need[];
  deadline: number;
  resolve: (reached: boolean) => void;
}

/**
 * What a wait is for: `read` a request's token, `write` a write's own events in this service's own groups,
 * `catch-up` a use case's catch-up; `publish` (not a WaitKind) is a write waiting for its relay.
 */
export type WaitKind = 'read' | 'write' | 'catch-up';

/** Raises a group's applied offset of one topic/partition, never lowers it. */
const RAISE = `local cur = redis.call('HGET', KEYS[1], ARGV[1])
if (not cur) or tonumber(cur) < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('EXPIRE', KEYS[1], 604800)
return 1`;

type RaisingRedis = Redis & { raiseApplied(key: string, field: string, offset: number): Promise<number> };

export class Consistency {
  readonly waitMs: number;
  readonly publishWaitMs: number;
  private readonly pollMs: number;
  private readonly keyPrefix: string;
  private readonly redis: RaisingRedis;
  /** The highest offset known applied, per group, topic and partition (a lower bound of Redis's). */
  private readonly applied = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private polling = false;
  private readonly histogram: client.Histogram<'kind' | 'outcome'>;
  private readonly log: Logger;
  private warnedAt = 0;

  constructor(private readonly o: ConsistencyOptions) {
    this.waitMs = o.waitMs ?? 2_000;
    this.publishWaitMs = o.publishWaitMs ?? 1_000;
    this.pollMs = o.pollMs ?? 5;
    this.keyPrefix = o.keyPrefix ?? 'consistency:applied:';
    this.log = o.logger.child({ component: 'consistency' });
    const redis = o.redis as RaisingRedis;
    if (typeof redis.raiseApplied !== 'function') redis.defineCommand('raiseApplied', { numberOfKeys: 1, lua: RAISE });
    this.redis = redis;
    this.histogram = new client.Histogram({
      name: 'consistency_wait_seconds',
      help: "Read-your-writes: time a request waited for this service's consumer groups to reach a token (kind read, write, catch-up), or a write for its events to be published (kind publish)",
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: o.registry ? [o.registry] : [],
    });
    o.bus.onApplied = (a) => this.record(a.groupId, a.topic, a.partition, a.offset, a.shared);
  }

  /** After a consumer of this process finished with a message: remember it, and share it when the group is shared. */
  async record(groupId: string, wireTopic: string, partition: number, offset: number, shared: boolean): Promise<void> {
    this.raise(`${groupId}\u0000${wireTopic}\u0000${partition}`, offset);
    if (this.waiters.size) this.check();
    if (shared)
      await this.redis
        .raiseApplied(this.redisKey(groupId), `${wireTopic}/${partition}`, offset)
        .catch((err: unknown) => this.warn(err, 'recording an applied offset failed'));
  }

  /** A Redis outage would log once per message or poll: once every 5 s is enough. */
  private warn(err: unknown, message: string) {
    const now = Date.now();
    if (now - this.warnedAt < 5_000) return;
    this.warnedAt = now;
    this.log.warn({ err }, message);
  }

  private redisKey(groupId: string) {
    return `${this.keyPrefix}${groupId}`;
  }

  private raise(key: string, offset: number) {
    if ((this.applied.get(key) ?? -1) < offset) this.applied.set(key, offset);
  }

  /** What this service must wait for: per topic it consumes, each of its groups, each partition. */
  private needsOf(positions: Positions): Need[] {
    const needs: Need[] = [];
    for (const [topic, partitions] of Object.entries(positions)) {
      const wireTopic = this.o.bus.wire(topic);
      for (const c of this.o.bus.consumersOf(wireTopic)) {
        for (const [partition, offset] of Object.entries(partitions)) {
          needs.push({
            key: `${c.groupId}\u0000${wireTopic}\u0000${partition}`,
            redisKey: this.redisKey(c.groupId),
            field: `${wireTopic}/${partition}`,
            offset,
            shared: c.shared,
          });
        }
      }
    }
    return needs;
  }

  private reached = (n: Need) => (this.applied.get(n.key) ?? -1) >= n.offset;

  /**
   * Waits (at most `boundMs`) until this service's groups have applied `positions`. Answers whether they
   * did; `undefined` when nothing in them concerns this service (nothing is measured then).
   */
  async wait(positions: Positions | undefined, kind: WaitKind, boundMs = this.waitMs): Promise<boolean | undefined> {
    if (!positions) return undefined;
    const needs = this.needsOf(positions);
    if (!needs.length) return undefined;
    const started = process.hrtime.bigint();
    let pending = needs.filter((n) => !this.reached(n));
    let reached = true;
    if (pending.length && pending.some((n) => n.shared)) {
      // Another replica may have applied them: one read before waiting.
      await this.refresh(pending).catch((err: unknown) => this.warn(err, 'reading applied offsets failed'));
      pending = pending.filter((n) => !this.reached(n));
    }
    if (pending.length) {
      reached = await new Promise<boolean>((resolve) => {
        this.waiters.add({ needs: pending, deadline: Date.now() + boundMs, resolve });
        this.startPolling();
      });
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.histogram.observe({ kind, outcome: reached ? 'reached' : 'timeout' }, seconds);
    return reached;
  }

  /** A request's token (the X-Consistency header): waits for it; a bad or foreign token costs nothing. */
  waitForToken(token: string, kind: WaitKind = 'read'): Promise<boolean | undefined> {
    return this.wait(decodePositions(token), kind);
  }

  /**
   * Waits (bounded) until this service's groups have applied everything the (logical) topics hold now:
   * what a use case runs before it trusts a projection's "not found" or "not enough".
   */
  async catchUp(topics: string[], boundMs = this.waitMs): Promise<boolean | undefined> {
    const positions: Positions = {};
    try {
      for (const topic of topics)
        for (const { partition, offset } of await this.o.bus.lastOffsets(topic))
          addPosition(positions, topic, partition, offset);
    } catch (err) {
      this.log.warn({ err, topics }, 'reading the topics’ last offsets failed; not catching up');
      return false;
    }
    return this.wait(positions, 'catch-up', boundMs);
  }

  private startPolling() {
    if (this.polling) return;
    this.polling = true;
    const tick = async () => {
      while (this.waiters.size) {
        await new Promise((r) => setTimeout(r, this.pollMs));
        const pending = [...this.waiters].flatMap((w) => w.needs.filter((n) => n.shared && !this.reached(n)));
        if (pending.length)
          await this.refresh(pending).catch((err: unknown) => this.warn(err, 'reading applied offsets failed'));
        this.check();
      }
      this.polling = false;
    };
    void tick();
  }

  /** Reads the groups' applied offsets of these needs from Redis (one pipeline). */
  private async refresh(needs: Need[]) {
    const byKey = new Map<string, Need[]>();
    for (const n of needs) {
      const list = byKey.get(n.redisKey);
      if (list) list.push(n);
      else byKey.set(n.redisKey, [n]);
    }
    const pipeline = this.redis.pipeline();
    const keys = [...byKey.keys()];
    for (const key of keys) pipeline.hmget(key, ...new Set(byKey.get(key)!.map((n) => n.field)));
    const results = (await pipeline.exec()) ?? [];
    keys.forEach((key, i) => {
      const [err, values] = results[i] ?? [];
      if (err || !Array.isArray(values)) return;
      const fields = [...new Set(byKey.get(key)!.map((n) => n.field))];
      fields.forEach((field, j) => {
        const v = values[j];
        if (v === null || v === undefined) return;
        for (const n of byKey.get(key)!) if (n.field === field) this.raise(n.key, Number(v));
      });
    });
  }

  private check() {
    const now = Date.now();
    for (const w of this.waiters) {
      if (w.needs.every(this.reached)) {
        this.waiters.delete(w);
        w.resolve(true);
      } else if (now >= w.deadline) {
        this.waiters.delete(w);
        w.resolve(false);
      }
    }
  }

  /** What a unit of work wrote, as positions (see `publishedPositions`), waiting at most `publishWaitMs`. */
  published(writes: Writes | undefined = currentContext()?.writes): Promise<Positions> {
    return publishedPositions(writes, this.publishWaitMs);
  }

  /**
   * Before a write's answer is sent: its token, after this service's own groups applied it (bounded), in
   * `X-Consistency`. Does nothing for a request that wrote no events.
   */
  async finishWrite(writes: Writes | undefined, res: ServerResponse): Promise<void> {
    if (!writes || (!writes.entryIds.size && isEmptyPositions(writes.positions))) return;
    const started = process.hrtime.bigint();
    const positions = await this.published(writes);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.histogram.observe(
      { kind: 'publish', outcome: seconds * 1000 >= this.publishWaitMs ? 'timeout' : 'reached' },
      seconds,
    );
    if (isEmptyPositions(positions)) return;
    await this.wait(positions, 'write');
    if (!res.headersSent) res.setHeader(CONSISTENCY_HEADER, encodePositions(positions));
  }

  /** Stops waiting: every request still waiting goes on at once. */
  close(): void {
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
  }
}

/**
 * What a unit of work wrote, as positions: waits (at most `boundMs`) for the relays it kicked, then looks up
 * where each of its entries went. Entries not published by then are left out. An event handler calls it to
 * pass on what its handling wrote (trade's saga).
 */
export async function publishedPositions(
  writes: Writes | undefined = currentContext()?.writes,
  boundMs = 1_000,
): Promise<Positions> {
  if (!writes) return {};
  if (writes.drains.length && writes.entryIds.size) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(writes.drains), new Promise<void>((r) => (timer = setTimeout(r, boundMs)))]);
    clearTimeout(timer);
  }
  const out = mergePositions(writes.positions);
  for (const id of writes.entryIds) {
    for (const source of writes.sources) {
      const p = source.positionOf(id);
      if (p) {
        addPosition(out, p.topic, p.partition, p.offset);
        break;
      }
    }
  }
  return out;
}

/** Adds positions written elsewhere on this unit's behalf (a saga step it waited for) to its own token. */
export function addWrittenPositions(positions: Positions | undefined): void {
  const writes = currentContext()?.writes;
  if (!writes || !positions) return;
  for (const [topic, partitions] of Object.entries(positions))
    for (const [partition, offset] of Object.entries(partitions))
      addPosition(writes.positions, topic, partition, offset);
}
