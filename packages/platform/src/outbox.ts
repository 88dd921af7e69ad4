import { randomUUID } from 'node:crypto';
import type { EventData, EventDefinition, EventEnvelope } from '@league/contracts';
import type { Model } from 'mongoose';
import { currentRequestId } from './context';
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
  return { id: envelope.id, topic: def.topic, key, envelope };
}

/** The mongoose schema path for `outbox`: stored verbatim (no subdocument ids, no casting). */
export const outboxField = { type: [Object], default: [] } as const;

export interface RelayOptions {
  bus: EventBus;
  logger: Logger;
  models: Model<never>[] | Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  intervalMs?: number;
  batchSize?: number;
  /**
   * Serialises the relay's `$pull` with the use cases' writes of the same document (keyed by
   * aggregateKey(collection, _id)). Needed on FerretDB, whose concurrent updates of one document are not
   * isolated: an unguarded pull racing a use case's push could drop the new entry.
   */
  locks?: Locks;
}

/**
 * Publishes pending outbox entries, then removes exactly those entries. A crash between the two publishes
 * the event again on restart (never loses it); consumers drop the repeat by event id.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private wanted = false;
  private readonly log: Logger;

  constructor(private readonly opts: RelayOptions) {
    this.log = opts.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs ?? 1_000);
    this.timer.unref();
    this.kick();
  }

  /** Asks for a drain soon (use cases call this after writing an entry, to publish without waiting). */
  kick(): void {
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => {
        this.log.warn({ err }, 'outbox drain failed; will retry');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.wanted) {
          this.wanted = false;
          this.kick();
        }
      });
  }

  /** Publishes everything pending now; returns how many events were published. */
  async drain(): Promise<number> {
    let published = 0;
    for (const model of this.opts.models) {
      // Read raw documents: $pull must match the stored entry exactly, key order included.
      const docs = await model.collection
        .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1 } })
        .limit(this.opts.batchSize ?? 100)
        .toArray();
      for (const doc of docs) {
        for (const entry of (doc.outbox ?? []) as OutboxEntry[]) {
          await this.opts.bus.publishEnvelope(entry.topic, entry.envelope, entry.key);
          const pull = () => model.collection.updateOne({ _id: doc._id }, { $pull: { outbox: entry } } as never);
          if (this.opts.locks)
            await this.opts.locks.withLock(aggregateKey(model.collection.collectionName, doc._id), pull);
          else await pull();
          published += 1;
        }
      }
    }
    return published;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
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
