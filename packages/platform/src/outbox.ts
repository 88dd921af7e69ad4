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
   * How often the timer sweeps every model for pending entries (default 30 s, `SWEEP_INTERVAL_MS`). A sweep
   * finds the documents by a non-`_id` filter, which FerretDB answers by reading and decoding the whole
   * collection (season's six models took the engine 180 ms of CPU two minutes into a chaos run, and it grows
   * with them; each replica sweeps). Writers name the changed document in `kick` (read by `_id`) and a bare kick
   * sweeps at once, so the timer's sweep only picks up what a crashed or failed kick left behind; the sweep
   * at start covers a process's own crash.
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
/** The timer's default sweep interval (RelayOptions.sweepIntervalMs). */
export const SWEEP_INTERVAL_MS = 30_000;
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
 * Three lanes that never wait for each other: the named drains (one at a time, each taking every document
 * named so far), the sweeps (one at a time), and the pulls. A named drain ends once its entries are
 * published; their pulls follow in the background, so a write kicked meanwhile waits for one read and one
 * publish, not for other documents' pulls (each a lock and an update) or a sweep's scan of every collection.
 * An entry this process published lately is not published again by it, whichever lane reads it next
 * (`sent`).
 *
 * For read-your-writes (consistency.ts) a kick made inside a unit of work (an HTTP request, an event
 * handler) hands it a promise that resolves once a drain that read the document after the kick is done,
 * and the relay remembers where each entry it published went (`positionOf`), so the request can answer with
 * the positions of its own events.
 */
export class OutboxRelay implements PositionSource {
  private timer?: NodeJS.Timeout;
  /** The named drains, one at a time. */
  private readonly drains = new Lane(
    () => this.drainNamed(),
    (err) => this.log.warn({ err }, 'outbox drain failed; will retry'),
  );
  /** The sweeps, one at a time. A failed sweep is tried again at the timer's next tick, not a sweep interval later. */
  private readonly sweeps = new Lane(
    () => this.sweepNow(),
    (err) => {
      this.lastSweep = 0;
      this.log.warn({ err }, 'outbox sweep failed; will retry');
    },
  );
  private lastSweep = 0;
  /** The entries this process is publishing or published lately: their one publish (the last 20,000). */
  private readonly sent = new Map<string, Promise<PublishedPosition | undefined>>();
  /** Entries whose pull is under way. */
  private readonly pulling = new Set<string>();
  /** Pulls running in the background (stop and drain wait for them). */
  private readonly pulls = new Set<Promise<void>>();
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
      if (Date.now() - this.lastSweep >= (this.opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS)) this.kick();
      if (this.named.size) this.drains.schedule();
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
    if (doc) this.drains.schedule();
    else this.sweeps.schedule();
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

  /**
   * Publishes everything pending now, in every model, and waits until it is pulled; returns how many entries
   * were relayed.
   */
  async drain(): Promise<number> {
    const relayed = (await this.drainNamed()) + (await this.sweepNow());
    await this.pullsDone();
    return relayed;
  }

  /** Once every pull started so far has ended (done or failed). */
  private async pullsDone(): Promise<void> {
    while (this.pulls.size) await Promise.all([...this.pulls]);
  }

  /** A sweep of every model; its waiters are served once it is done. */
  private async sweepNow(): Promise<number> {
    const seq = this.kickSeq;
    this.lastSweep = Date.now();
    const relayed = await this.sweep();
    this.resolveSweep(seq);
    return relayed;
  }

  /**
   * Publishes the named documents. They are read and published several at a time (their entries go out in
   * shared sends, see EventBus.publishEnvelope), each document's entries in their order. The drain ends once
   * all are published: the pulls run in the background, and a failed one names its document again.
   */
  private async drainNamed(): Promise<number> {
    let published = 0;
    let failed: unknown;
    await eachLimited([...this.named], NAMED_AT_ONCE, async ([key, named]) => {
      try {
        // Every kick so far came after its write, so this read sees what each of them wrote.
        const seq = this.kickSeq;
        const doc = await named.model.collection.findOne({ _id: named.id } as never, { projection: { outbox: 1 } });
        const pulls: Array<() => Promise<void>> = [];
        // (Counted after the await: `published += await …` would add to a total read before it, and lose
        // what the documents relayed meanwhile added.)
        const relayed = doc ? await this.relayDocument(named.model, doc, () => this.resolveDoc(key, seq), pulls) : 0;
        published += relayed;
        // A pull that fails leaves its entry: the document is named again, so the timer retries it soon.
        this.inBackground(pulls, () => {
          if (!this.named.has(key)) this.named.set(key, named);
        });
        // A kick for the same document meanwhile stays for the next round (its entry may be newer than the read).
        if (this.named.get(key) === named) this.named.delete(key);
        this.resolveDoc(key, seq);
      } catch (err) {
        // The document stays named: the timer tries it again.
        failed ??= err;
      }
    });
    if (failed) throw failed;
    return published;
  }

  /** Runs a document's pulls in the background, one after the other; `failed` once if any fails. */
  private inBackground(pulls: Array<() => Promise<void>>, failed: () => void): void {
    if (!pulls.length) return;
    const chain = (async () => {
      let error: unknown;
      for (const pull of pulls) await pull().catch((err: unknown) => void (error ??= err));
      if (error) {
        failed();
        this.log.warn({ err: error }, 'outbox pull failed; will retry');
      }
    })();
    this.pulls.add(chain);
    void chain.finally(() => this.pulls.delete(chain));
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
   * waiting for them has its positions then, before the pulls (a crash before a pull publishes again). An
   * entry this process already published is not sent again, and one whose pull is under way not pulled again.
   */
  private async relayDocument(
    model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    doc: { _id: unknown; outbox?: unknown },
    sent?: () => void,
    pullLater?: Array<() => Promise<void>>,
  ): Promise<number> {
    const entries = (doc.outbox ?? []) as OutboxEntry[];
    // Published together (queued in this order, so on each partition in this order).
    const positions = await Promise.all(entries.map((entry) => this.publishOnce(entry)));
    entries.forEach((entry, i) => this.remember(entry.id, positions[i]));
    sent?.();
    for (const entry of entries) {
      if (this.pulling.has(entry.id)) continue;
      this.pulling.add(entry.id);
      const pull = () => model.collection.updateOne({ _id: doc._id } as never, { $pull: { outbox: entry } } as never);
      const locked = async () => {
        try {
          await (this.opts.locks
            ? this.opts.locks.withLock(aggregateKey(model.collection.collectionName, doc._id), pull)
            : pull());
        } finally {
          this.pulling.delete(entry.id);
        }
      };
      if (pullLater) pullLater.push(locked);
      else await locked();
    }
    return entries.length;
  }

  /**
   * The entry's one publish by this process: a read that meets it again while its pull is under way (or
   * after, having read before the pull) does not send it twice. A failed publish is forgotten, so the next
   * read sends it again.
   */
  private publishOnce(entry: OutboxEntry): Promise<PublishedPosition | undefined> {
    let sending = this.sent.get(entry.id);
    if (!sending) {
      sending = this.opts.bus.publishEnvelope(entry.topic, entry.envelope, entry.key);
      this.sent.set(entry.id, sending);
      if (this.sent.size > REMEMBERED_POSITIONS) this.sent.delete(this.sent.keys().next().value!);
      const mine = sending;
      mine.catch(() => {
        if (this.sent.get(entry.id) === mine) this.sent.delete(entry.id);
      });
    }
    return sending;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.drains.current;
    await this.sweeps.current;
    await this.pullsDone();
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

/**
 * Runs `run` one at a time: a call while it runs asks for one more run after it (however many calls came),
 * outside the caller's unit of work (a run serves other requests' entries too).
 */
class Lane {
  current?: Promise<void>;
  private again = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly failed: (err: unknown) => void,
  ) {}

  schedule(): void {
    if (this.current) {
      this.again = true;
      return;
    }
    this.again = false;
    this.current = runOutsideContext(this.run)
      .then(() => undefined, this.failed)
      .finally(() => {
        this.current = undefined;
        if (this.again) this.schedule();
      });
  }
}
