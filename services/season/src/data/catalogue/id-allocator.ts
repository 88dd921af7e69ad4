import type { Connection } from 'mongoose';

export type Sequence = 'itemId' | 'nodeId' | 'monsterId' | 'encounterId';

interface CounterDoc {
  _id: string;
  seq: number;
}

const isDuplicate = (err: unknown) => (err as { code?: number }).code === 11000;

/**
 * Numeric ids from one counter document per sequence (`$inc` with upsert).
 *
 * Why the queue and the retries: FerretDB 1.24 applies `$inc` as read, modify, write back without
 * isolation (measured: 20 concurrent `$inc`s on one counter handed out 5 twice and 6 three times), and
 * two first upserts race into a duplicate key on MongoDB as well. Allocations in this process are
 * therefore queued; another process (the seed script) can still collide, so `insertWithId` retries
 * with the next id when the record's unique `_id` refuses the write.
 */
export class IdAllocator {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly conn: Connection) {}

  private get counters() {
    return this.conn.collection<CounterDoc>('catalogue_counters');
  }

  next(sequence: Sequence): Promise<number> {
    const run = this.tail.then(() => this.increment(sequence));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async increment(sequence: Sequence, attempt = 0): Promise<number> {
    try {
      const doc = await this.counters.findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      if (!doc) throw new Error(`counter ${sequence} returned nothing`);
      return doc.seq;
    } catch (err) {
      if (isDuplicate(err) && attempt < 5) return this.increment(sequence, attempt + 1);
      throw err;
    }
  }

  /**
   * Inserts with a fresh id, taking the next one while that id is already used. A duplicate on another
   * unique key (a seed key) is the caller's to handle and is thrown as it is.
   */
  async insertWithId<T>(
    sequence: Sequence,
    insert: (id: number) => Promise<T>,
    idTaken: (id: number) => Promise<boolean>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const id = await this.next(sequence);
      try {
        return await insert(id);
      } catch (err) {
        if (!isDuplicate(err) || attempt >= 20 || !(await idTaken(id))) throw err;
      }
    }
  }
}
