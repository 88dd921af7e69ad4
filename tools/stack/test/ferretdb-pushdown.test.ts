import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { loadSettings } from '../src/settings';

const { Double, Long, MongoClient } = mongoose.mongo;

// The local FerretDB answers top-level equalities from SQLite (patches/ferretdb): the pushdown may only
// narrow the candidates, never drop a match. Each query here is answered as MongoDB would answer it.
describe('FerretDB with the pushdown patch', () => {
  const client = new MongoClient(`mongodb://127.0.0.1:${loadSettings().ports.mongo}`);
  const db = client.db(`test-pushdown-${randomUUID().slice(0, 8)}`);
  // Loosely typed: the documents mix types per field on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const docs = db.collection<any>('docs');

  beforeAll(async () => {
    await docs.createIndex({ n: 1 });
    await docs.insertMany([
      { _id: 1, n: 5, s: 'a', b: true, z: 0, state: 'open' },
      { _id: new Double(2), n: new Double(5), s: ['a', 'b'], b: false, z: new Double(-0), state: 'open' },
      { _id: Long.fromNumber(3), n: Long.fromNumber(5), s: 'A', z: 1, state: 'closed' },
      { _id: 4, n: [4, 5, 6], s: 'a<é"\\', b: 'true', z: [0] },
      { _id: 5, n: 5.5, s: { a: 1 }, z: null },
      { _id: 'x<é"\\', n: '5', s: 'b' },
      { _id: 2 ** 53 + 2, n: 2 ** 60 },
    ]);
    // Neighbours with close ids and values: a lookup has more than the one right answer to choose from.
    await docs.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: 1000 + i, n: 1000 + i, s: `s${i}` })));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  const ids = async (filter: Record<string, unknown>) =>
    (await docs.find(filter).toArray()).map((d) => String(d._id)).sort();

  it('when an _id is asked for as an int, a long, a double or a string, then exactly that document answers', async () => {
    expect(await ids({ _id: 1 })).toEqual(['1']);
    expect(await ids({ _id: Long.fromNumber(1) })).toEqual(['1']);
    expect(await ids({ _id: new Double(1) })).toEqual(['1']);
    expect(await ids({ _id: 2 })).toEqual(['2']);
    expect(await ids({ _id: 3 })).toEqual(['3']);
    expect(await ids({ _id: 'x<é"\\' })).toEqual(['x<é"\\']);
    expect(await ids({ _id: 1499 })).toEqual(['1499']);
    expect(await ids({ _id: 2 ** 53 + 2 })).toEqual([String(2 ** 53 + 2)]);
    expect(await ids({ _id: 999_999 })).toEqual([]);
  });

  it('when a field is compared by equality, then numbers of every type match, arrays holding the value match, other types do not', async () => {
    expect(await ids({ n: 5 })).toEqual(['1', '2', '3', '4']);
    expect(await ids({ n: new Double(5) })).toEqual(['1', '2', '3', '4']);
    expect(await ids({ n: '5' })).toEqual(['x<é"\\']);
    expect(await ids({ n: 5.5 })).toEqual(['5']);
    expect(await ids({ n: 2 ** 60 })).toEqual([String(2 ** 53 + 2)]);
    expect(await ids({ s: 'a' })).toEqual(['1', '2']);
    expect(await ids({ s: 'a<é"\\' })).toEqual(['4']);
    expect(await ids({ b: true })).toEqual(['1']);
    expect(await ids({ b: 'true' })).toEqual(['4']);
    expect(await ids({ z: 0 })).toEqual(['1', '2', '4']);
  });

  it('when _id and other fields are asked together, then every condition still holds', async () => {
    expect(await ids({ _id: 1, state: 'open' })).toEqual(['1']);
    expect(await ids({ _id: 1, state: 'closed' })).toEqual([]);
    expect(await ids({ _id: 3, n: 5, state: 'closed' })).toEqual(['3']);
    expect(await ids({ n: 5, s: 'a', $or: [{ b: true }, { b: false }] })).toEqual(['1', '2']);
    expect(await docs.countDocuments({ state: 'open' })).toBe(2);
  });

  it('when documents are updated and deleted by _id and a field, then only the matching one changes', async () => {
    expect((await docs.updateOne({ _id: 2, state: 'open' }, { $set: { state: 'closed' } })).modifiedCount).toBe(1);
    expect((await docs.updateOne({ _id: 2, state: 'open' }, { $set: { state: 'x' } })).modifiedCount).toBe(0);
    expect(await docs.findOne({ _id: 2 })).toMatchObject({ state: 'closed' });
    expect((await docs.findOneAndUpdate({ _id: 1, n: 5 }, { $set: { n: 6 } }, { returnDocument: 'after' }))?.n).toBe(6);
    expect(await ids({ n: 6 })).toEqual(['1', '4']);
    expect((await docs.deleteOne({ _id: 1000, n: 1000 })).deletedCount).toBe(1);
    expect(await ids({ _id: 1000 })).toEqual([]);
  });
});
