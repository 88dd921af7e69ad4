import { Readable } from 'node:stream';
import { QueueEvents } from 'bullmq';
import mongoose, { type Connection } from 'mongoose';
import { runWithContext } from '../src/context';
import { toHttpError } from '../src/errors';
import { connectMongo, mongoReady, upsertRacing } from '../src/mongo';
import { createWorker, redisConnection, TypedQueue } from '../src/queue';
import { ObjectStorage } from '../src/storage';
import { engines, quietLogger, unique } from './support/engines';

jest.setTimeout(60_000);

describe('BullMQ queues on the real Redis', () => {
  const name = unique('platform-queue');
  const queue = new TypedQueue<{ n: number }>(name, engines.redisUrl, { backoff: { type: 'fixed', delay: 50 } });
  const events = new QueueEvents(name, { connection: redisConnection(engines.redisUrl) });
  const seen: Array<{ n: number; attempt: number; requestId: string }> = [];
  const worker = createWorker<{ n: number }>(name, engines.redisUrl, quietLogger(), async (payload, job) => {
    const { currentRequestId } = await import('../src/context');
    seen.push({ n: payload.n, attempt: job.attemptsMade + 1, requestId: currentRequestId() });
    if (payload.n === 2 && job.attemptsMade < 2) throw new Error('transient failure');
    if (payload.n === 3) throw new Error('always fails');
    return payload.n * 10;
  });

  beforeAll(async () => {
    // QueueEvents only sees events after it is listening; a job finishing earlier would never be reported.
    await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  });

  afterAll(async () => {
    await worker.close();
    await events.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  });

  it('when a job is queued inside a request, then it runs once with that request id and returns its result', async () => {
    const job = await runWithContext({ requestId: 'req-queue-1' }, () => queue.add('double', { n: 1 }));
    expect(await job.waitUntilFinished(events, 20_000)).toBe(10);
    expect(seen.filter((s) => s.n === 1)).toEqual([{ n: 1, attempt: 1, requestId: 'req-queue-1' }]);
  });

  it('when a job fails transiently, then it is retried until it succeeds', async () => {
    const job = await queue.add('flaky', { n: 2 });
    expect(await job.waitUntilFinished(events, 20_000)).toBe(20);
    expect(seen.filter((s) => s.n === 2).map((s) => s.attempt)).toEqual([1, 2, 3]);
  });

  it('when a job keeps failing, then it ends failed after its attempts with the reason kept', async () => {
    const job = await queue.add('doomed', { n: 3 });
    await expect(job.waitUntilFinished(events, 20_000)).rejects.toThrow('always fails');
    const stored = await queue.queue.getJob(job.id!);
    expect(await stored!.getState()).toBe('failed');
    expect(stored!.attemptsMade).toBe(3);
  });

  it('when the same job id is added twice, then only one job exists', async () => {
    const a = await queue.add('once', { n: 4 }, { jobId: 'only-once' });
    const b = await queue.add('once', { n: 4 }, { jobId: 'only-once' });
    expect(b.id).toBe(a.id);
    await a.waitUntilFinished(events, 20_000);
    expect(seen.filter((s) => s.n === 4)).toHaveLength(1);
  });
});

describe('object storage on the real MinIO', () => {
  const storage = new ObjectStorage(engines.minio);
  const bucket = unique('platform');

  afterAll(async () => {
    for (const o of await storage.list(bucket)) await storage.remove(bucket, o.key);
    await storage.client.removeBucket(bucket);
  });

  it('when a stream is stored, then stat, get and a presigned URL return the same bytes; expiry and delete hold', async () => {
    await storage.ensureBucket(bucket);
    await storage.ensureBucket(bucket); // idempotent
    const content = Buffer.from('GrimLeagueS07.arz '.repeat(10_000));
    await storage.putStream(
      bucket,
      'prod/GrimLeagueS07.arz',
      Readable.from([content.subarray(0, 1000), content.subarray(1000)]),
      content.length,
      {
        'content-type': 'application/octet-stream',
      },
    );
    const stat = await storage.stat(bucket, 'prod/GrimLeagueS07.arz');
    expect(stat?.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const c of await storage.getStream(bucket, 'prod/GrimLeagueS07.arz')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    const url = await storage.presignedGet(
      bucket,
      'prod/GrimLeagueS07.arz',
      60,
      engines.minio.endpoint,
      'GrimLeagueS07.arz',
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="GrimLeagueS07.arz"');
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    // A URL signed for another host is refused by the server: the signature covers the host.
    const otherHost = url.replace('127.0.0.1', 'localhost');
    expect((await fetch(otherHost)).status).toBe(403);

    const shortLived = await storage.presignedGet(bucket, 'prod/GrimLeagueS07.arz', 1);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await fetch(shortLived)).status).toBe(403);

    expect((await storage.list(bucket, 'prod/')).map((o) => o.key)).toEqual(['prod/GrimLeagueS07.arz']);
    await storage.remove(bucket, 'prod/GrimLeagueS07.arz');
    expect(await storage.stat(bucket, 'prod/GrimLeagueS07.arz')).toBeUndefined();
  });
});

describe('mongoose on the MongoDB-compatible store', () => {
  const playerSchema = new mongoose.Schema({
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, unique: true },
    level: Number,
  });
  let conn: Connection;
  let Model: mongoose.Model<mongoose.InferSchemaType<typeof playerSchema>>;

  beforeAll(async () => {
    conn = await connectMongo(engines.mongoUrl, unique('platform-mongo'));
    Model = conn.model('Player', playerSchema);
    await Model.init();
  });

  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('when documents are created, read, updated and deleted, then each step is visible', async () => {
    expect(await mongoReady(conn)).toBe(true);
    const created = await Model.create({ username: 'Grimmy', usernameKey: 'grimmy', level: 1 });
    expect((await Model.findById(created._id).lean())?.username).toBe('Grimmy');
    const updated = await Model.findOneAndUpdate(
      { _id: created._id, level: 1 },
      { $inc: { level: 99 } },
      { new: true },
    ).lean();
    expect(updated?.level).toBe(100);
    // A guarded update whose guard no longer holds changes nothing.
    expect(await Model.findOneAndUpdate({ _id: created._id, level: 1 }, { $inc: { level: 1 } }).lean()).toBeNull();
    await Model.deleteOne({ _id: created._id });
    expect(await Model.countDocuments()).toBe(0);
  });

  it('when a unique key is written twice, then the store refuses it and the API maps it to 409', async () => {
    await Model.create({ username: 'Ash', usernameKey: 'ash' });
    const err = await Model.create({ username: 'ASH', usernameKey: 'ash' }).catch((e: unknown) => e);
    expect((err as { code?: number }).code).toBe(11000);
    expect(toHttpError(err)).toEqual({ status: 409, message: 'A record with the same key already exists' });
    expect(await Model.countDocuments({ usernameKey: 'ash' })).toBe(1);
  });

  it('when many upserts of one missing document run at once, then some lose the insert race, and through upsertRacing every one applies', async () => {
    const race = (key: string, wrap: (w: () => Promise<unknown>) => Promise<unknown>, many = 20) =>
      Promise.allSettled(
        Array.from({ length: many }, () =>
          wrap(() =>
            Model.updateOne({ usernameKey: key }, { $set: { username: key, level: 1 } }, { upsert: true }).exec(),
          ),
        ),
      );
    // The store's behaviour the helper exists for (tried until seen: the race is timing-dependent, and on a
    // busy machine 5 rounds of 20 once saw none; CI, stop 42).
    let lost = 0;
    for (let round = 0; round < 30 && lost === 0; round += 1) {
      const bare = await race(`bare${round}`, (w) => w(), 40);
      lost = bare.filter((r) => r.status === 'rejected' && (r.reason as { code?: number }).code === 11000).length;
    }
    expect(lost).toBeGreaterThan(0);
    const wrapped = await race('wrapped', upsertRacing);
    expect(wrapped.filter((r) => r.status === 'rejected')).toEqual([]);
    // One document; not a count of $inc's: FerretDB does not isolate concurrent updates of one document.
    expect(await Model.find({ usernameKey: 'wrapped' }).lean()).toEqual([expect.objectContaining({ level: 1 })]);
  });
});
