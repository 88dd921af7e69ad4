import { randomUUID } from 'node:crypto';
import type { EventData, EventDefinition, EventEnvelope } from '@league/contracts';
import type { Model } from 'mongoose';
import {
  currentContext,
  currentRequestId,
  runOutsideContext,
  type PositionSource,
  type PublishedPosition,
} from './context';
import type { EventBus } from './kafka';
import { buildEnvelope } from './kafka';
import type { Locks } from './lock';
import { aggregateKey } from './lock';
import type { Logger } from './logger';

/** A pending event kept in the aggregate's own document until the relay has published it. */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * Builds the entry a use case pushes in the same update as its state change:
 * `Model.updateOne({ _id }, { $set: {...}, $push: { outbox: outboxEntry(def, data, key) } })`.
 * One write: either both the change and its event are stored, or neither.
 */
export function outboxEntry<D extends EventDefinition>(def: D, data: EventData<D>, key: string): OutboxEntry {
  const envelope = buildEnvelope(def, data, currentRequestId());
  // The unit of work's token names this entry's position once a relay has published it (consistency.ts).
  currentContext()?.writes?.entryIds.add(envelope.id);
  return { id: envelope.id, topic: def.topic, key, envelope };
}

/** The mongoose schema path for `outbox`: stored verbatim (no subdocument ids, no casting). */
export const outboxField = { type: [Object], default: [] } as const;

export interface RelayOptions {
  bus: EventBus;
  logger: Logger;
  models: Model<never>[] | Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** How often the timer retries documents whose relay failed, and considers a sweep (default 1 s). */
  intervalMs?: number;
  /**
   * How often the timer sweeps every model for pending entries (default: every tick). A sweep finds the
   * documents by a non-`_id` filter, which FerretDB answers by reading the whole collection; a service with
   * large collections names the changed document in `kick` and sweeps rarely (the sweep at start picks up
   * what a crash left behind).
   */
  sweepIntervalMs?: number;
  batchSize?: number;
  /**
   * Serialises the relay's `$pull` with the use cases' writes of the same document (keyed by
   * aggregateKey(collection, _id)). Needed on FerretDB, whose concurrent updates of one document are not
   * isolated: an unguarded pull racing a use case's push could drop the new entry.
   */
  locks?: Locks;
}

/** A document a use case has just written outbox entries to. */
export interface OutboxDocument {
  model: Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  id: unknown;
}

/** How many published entries' positions a relay remembers (a request looks its own up right after). */
const REMEMBERED_POSITIONS = 20_000;
/** How many named documents a drain reads, publishes and pulls at a time. */
const NAMED_AT_ONCE = 16;
/** How many batches one sweep takes from a model before it leaves the rest to the next. */
const SWEEP_ROUNDS = 20;

interface Waiter {
  seq: number;
  resolve: () => void;
}

/**
 * Publishes pending outbox entries, then removes exactly those entries. A crash between the two publishes
 * the event again on restart (never loses it); consumers drop the repeat by event id. A kick that names the
 * written document relays that document alone (found by `_id`); a bare kick, the start and the sweep timer
 * look through every model.
 *
 * For read-your-writes (consistency.ts) a kick made inside a unit of work (an HTTP request, an event
 * handler) hands it a promise that resolves once a drain that read the document after the kick is done,
 * and the relay remembers where each entry it published went (`positionOf`), so the request can answer with
 * the positions of its own events.
 */
export class OutboxRelay implements PositionSource {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private wanted = false;
  private sweepWanted = false;
  private lastSweep = 0;
  /** Named documents still to relay (kept until relayed, so a failed publish is retried by the timer). */
  private readonly named = new Map<string, OutboxDocument>();
  private readonly log: Logger;
  /** Counts kicks: a drain that starts reading after kick n serves every waiter up to n. */
  private kickSeq = 0;
  private readonly docWaiters = new Map<string, Waiter[]>();
  private sweepWaiters: Waiter[] = [];
  private readonly positions = new Map<string, PublishedPosition>();

  constructor(private readonly opts: RelayOptions) {
    this.log = opts.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.timer) return;
    const interval = this.opts.intervalMs ?? 1_000;
    this.timer = setInterval(() => {
      if (Date.now() - this.lastSweep >= (this.opts.sweepIntervalMs ?? interval)) this.kick();
      else if (this.named.size) this.schedule();
    }, interval);
    this.timer.unref();
    this.kick();
  }

  /**
   * Asks for a drain soon (use cases call this after writing an entry, to publish without waiting). With
   * the written document, only that document is read; without, every model is swept.
   */
  kick(doc?: OutboxDocument): void {
    const seq = ++this.kickSeq;
    const key = doc ? `${doc.model.collection.collectionName}\u0000${String(doc.id)}` : undefined;
    if (doc) this.named.set(key!, { ...doc });
    else this.sweepWanted = true;
    const writes = currentContext()?.writes;
    if (writes) {
      writes.sources.add(this);
      writes.drains.push(
        new Promise<void>((resolve) => {
          if (key === undefined) this.sweepWaiters.push({ seq, resolve });
          else {
            const list = this.docWaiters.get(key);
            if (list) list.push({ seq, resolve });
            else this.docWaiters.set(key, [{ seq, resolve }]);
          }
        }),
      );
    }
    this.schedule();
  }

  /** Where a recently published entry went (undefined when this relay did not publish it, or long ago). */
  positionOf(entryId: string): PublishedPosition | undefined {
    return this.positions.get(entryId);
  }

  private remember(entryId: string, position: PublishedPosition | undefined) {
    if (!position) return;
    this.positions.set(entryId, position);
    if (this.positions.size > REMEMBERED_POSITIONS) this.positions.delete(this.positions.keys().next().value!);
  }

  private resolveDoc(key: string, upTo: number) {
    const list = this.docWaiters.get(key);
    if (!list) return;
    const left = list.filter((w) => w.seq > upTo);
    for (const w of list) if (w.seq <= upTo) w.resolve();
    if (left.length) this.docWaiters.set(key, left);
    else this.docWaiters.delete(key);
  }

  private resolveSweep(upTo: number) {
    const left = this.sweepWaiters.filter((w) => w.seq > upTo);
    for (const w of this.sweepWaiters) if (w.seq <= upTo) w.resolve();
    this.sweepWaiters = left;
  }

  private schedule(): void {
    if (this.running) {
      this.wanted = true;
      return;
    }
    // Outside the kicker's unit of work: the drain publishes other requests' entries too.
    this.running = runOutsideContext(() => this.drainDue())
      .catch((err) => {
        this.log.warn({ err }, 'outbox drain failed; will retry');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.wanted) {
          this.wanted = false;
          this.schedule();
        }
      });
  }

  /** Publishes everything pending now, in every model; returns how many events were published. */
  async drain(): Promise<number> {
    this.sweepWanted = true;
    return this.drainDue();
  }

  /**
   * Publishes the named documents, and sweeps every model when a sweep is due. The named documents are read
   * and published several at a time (their entries go out in shared sends, see EventBus.publishEnvelope),
   * each document's entries in their order; every entry is published before any is pulled: a request waiting
   * on one document does not wait for the pulls of the others (the next drain starts after the pulls).
   */
  private async drainDue(): Promise<number> {
    let published = 0;
    const chains: Array<() => Promise<void>> = [];
    let failed: unknown;
    await eachLimited([...this.named], NAMED_AT_ONCE, async ([key, named]) => {
      try {
        // Every kick so far came after its write, so this read sees what each of them wrote.
        const seq = this.kickSeq;
        const doc = await named.model.collection.findOne({ _id: named.id } as never, { projection: { outbox: 1 } });
        const pulls: Array<() => Promise<unknown>> = [];
        // (Counted after the await: `published += await …` would add to a total read before it, and lose
        // what the documents relayed meanwhile added.)
        const relayed = doc ? await this.relayDocument(named.model, doc, () => this.resolveDoc(key, seq), pulls) : 0;
        published += relayed;
        // A pull that fails leaves its entry: the document is named again, so the timer retries it soon.
        if (pulls.length)
          chains.push(async () => {
            try {
              for (const pull of pulls) await pull();
            } catch (err) {
              if (!this.named.has(key)) this.named.set(key, named);
              throw err;
            }
          });
        // A kick for the same document meanwhile stays for the next round (its entry may be newer than the read).
        if (this.named.get(key) === named) this.named.delete(key);
        this.resolveDoc(key, seq);
      } catch (err) {
        // The document stays named: the timer tries it again.
        failed ??= err;
      }
    });
    await eachLimited(chains, NAMED_AT_ONCE, (chain) => chain().catch((err: unknown) => void (failed ??= err)));
    if (failed) throw failed;
    if (this.sweepWanted) {
      const seq = this.kickSeq;
      this.sweepWanted = false;
      this.lastSweep = Date.now();
      published += await this.sweep();
      this.resolveSweep(seq);
    }
    return published;
  }

  /** Every model's documents with pending entries (a scan of each collection on FerretDB). */
  private async sweep(): Promise<number> {
    let published = 0;
    const batch = this.opts.batchSize ?? 100;
    for (const model of this.opts.models) {
      // Batch after batch, so that a sweep a request waits on publishes all that request wrote; bounded, and
      // stopped when a batch publishes nothing (an entry that cannot be pulled must not spin the sweep).
      for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
        // Read raw documents: $pull must match the stored entry exactly, key order included.
        const docs = await model.collection
          .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1 } })
          .limit(batch)
          .toArray();
        let n = 0;
        for (const doc of docs) n += await this.relayDocument(model as Model<any>, doc); // eslint-disable-line @typescript-eslint/no-explicit-any
        published += n;
        if (docs.length < batch || n === 0) break;
      }
    }
    return published;
  }

  /**
   * Publishes the document's entries, then pulls them. `sent` is told once all are published: a request
   * waiting for them has its positions then, before the pulls (a crash before a pull publishes again).
   */
  private async relayDocument(
    model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    doc: { _id: unknown; outbox?: unknown },
    sent?: () => void,
    pullLater?: Array<() => Promise<unknown>>,
  ): Promise<number> {
    const entries = (doc.outbox ?? []) as OutboxEntry[];
    // Published together (queued in this order, so on each partition in this order).
    const positions = await Promise.all(
      entries.map((entry) => this.opts.bus.publishEnvelope(entry.topic, entry.envelope, entry.key)),
    );
    entries.forEach((entry, i) => this.remember(entry.id, positions[i]));
    sent?.();
    for (const entry of entries) {
      const pull = () => model.collection.updateOne({ _id: doc._id } as never, { $pull: { outbox: entry } } as never);
      const locked = () =>
        this.opts.locks
          ? this.opts.locks.withLock(aggregateKey(model.collection.collectionName, doc._id), pull)
          : pull();
      if (pullLater) pullLater.push(locked);
      else await locked();
    }
    return entries.length;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    // Nobody waits on a stopped relay.
    for (const key of [...this.docWaiters.keys()]) this.resolveDoc(key, Infinity);
    this.resolveSweep(Infinity);
  }
}

/**
 * The inbox guard: applies `update` to the document matched by `filter` only if `eventId` was not applied
 * before, recording it in the same single-document write. Returns false for a redelivered event (and when
 * no document matches). Pass `locks` on FerretDB, which does not isolate concurrent updates: without it two
 * racing deliveries of one event could both pass the `$ne` guard. The last `keep` event ids are remembered.
 */
export async function applyOnce(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  filter: Record<string, unknown> & { _id: unknown },
  eventId: string,
  update: Record<string, unknown>,
  opts: { keep?: number; locks?: Locks } = {},
): Promise<boolean> {
  const push = (update.$push as Record<string, unknown> | undefined) ?? {};
  const apply = async () => {
    const res = await model.collection.updateOne(
      { ...filter, appliedEvents: { $ne: eventId } } as never,
      {
        ...update,
        $push: { ...push, appliedEvents: { $each: [eventId], $slice: -(opts.keep ?? 500) } },
      } as never,
    );
    return res.modifiedCount === 1;
  };
  if (!opts.locks) return apply();
  return opts.locks.withLock(aggregateKey(model.collection.collectionName, filter._id), apply);
}

export const newId = () => randomUUID();

/** Runs `fn` over the items, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
