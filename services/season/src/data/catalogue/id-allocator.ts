import { isDuplicateKey, type Sequences } from '@league/platform';
import type { Connection } from 'mongoose';

export type Sequence = 'itemId' | 'nodeId' | 'monsterId' | 'encounterId';

const COLLECTION: Record<Sequence, string> = {
  itemId: 'catalogue_items',
  nodeId: 'catalogue_nodes',
  monsterId: 'catalogue_monsters',
  encounterId: 'catalogue_encounters',
};

interface CounterDoc {
  _id: string;
  seq: number;
}

/**
 * Numeric catalogue ids from the platform's Redis sequences: one atomic `INCR` per id, shared by every
 * process and replica (FerretDB's `$inc` on a counter document handed values out twice, and a per-process
 * queue does not hold across replicas). A sequence that does not exist yet in Redis starts above the
 * highest stored id of its collection and the old `catalogue_counters` document, so no stored id is
 * handed out again. `insertWithId` still steps past an id that turns out to be taken (a record written
 * with an explicit id after the sequence was seeded).
 */
export class IdAllocator {
  constructor(
    private readonly conn: Connection,
    private readonly sequences: Sequences,
  ) {}

  next(sequence: Sequence): Promise<number> {
    return this.sequences.next(`catalogue.${sequence}`, () => this.floor(sequence));
  }

  private async floor(sequence: Sequence): Promise<number> {
    const [top, counter] = await Promise.all([
      this.conn
        .collection<{ _id: number }>(COLLECTION[sequence])
        .findOne({}, { projection: { _id: 1 }, sort: { _id: -1 } }),
      this.conn.collection<CounterDoc>('catalogue_counters').findOne({ _id: sequence }),
    ]);
    return Math.max(typeof top?._id === 'number' ? top._id : 0, counter?.seq ?? 0);
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
        if (!isDuplicateKey(err) || attempt >= 20 || !(await idTaken(id))) throw err;
      }
    }
  }
}
