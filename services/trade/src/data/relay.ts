import { aggregateKey, OutboxRelay, type EventBus, type Locks, type Logger, type OutboxEntry } from '@league/platform';
import type { Model } from 'mongoose';

/**
 * The platform relay, finding pending documents by a top-level flag (`outboxPending: true`) instead of
 * `outbox.0 $exists`: FerretDB pushes only top-level equality down to its store, so the platform's query
 * would read all 100,000 listings on every sweep. Writers set the flag in the same update that pushes an
 * entry; the relay clears it, under the document's lock, once the outbox is empty.
 */
export class FlaggedOutboxRelay extends OutboxRelay {
  constructor(
    private readonly o: {
      bus: EventBus;
      logger: Logger;
      models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
      locks: Locks;
      intervalMs?: number;
    },
  ) {
    super(o);
  }

  override async drain(): Promise<number> {
    let published = 0;
    for (const model of this.o.models) {
      const docs = await model.collection
        .find({ outboxPending: true }, { projection: { outbox: 1 } })
        .limit(100)
        .toArray();
      for (const doc of docs) {
        const key = aggregateKey(model.collection.collectionName, doc._id);
        for (const entry of (doc.outbox ?? []) as OutboxEntry[]) {
          await this.o.bus.publishEnvelope(entry.topic, entry.envelope, entry.key);
          await this.o.locks.withLock(key, () =>
            model.collection.updateOne({ _id: doc._id }, { $pull: { outbox: entry } } as never),
          );
          published += 1;
        }
        await this.o.locks.withLock(key, async () => {
          const now = await model.collection.findOne({ _id: doc._id }, { projection: { outbox: 1 } });
          if (now && !(now.outbox as unknown[] | undefined)?.length)
            await model.collection.updateOne({ _id: doc._id }, { $set: { outboxPending: false } });
        });
      }
    }
    return published;
  }
}
