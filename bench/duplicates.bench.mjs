// Duplicate detection at upload (issue 29): what the check adds per uploaded item with 1,000,000 item instances
// stored in the season. Boots the season service (throwaway database, demo seed), fills `itemInstances` with
// BENCH_INSTANCES (1,000,000) instance documents shaped like the real ones (straight through the driver, in
// batches), then times, on the season's own use cases:
// - detection alone: `claimInstances` for batches of BENCH_BATCH (100) new items (the common case: each is the
//   first copy of its instance), BENCH_ROUNDS (20) batches; and for copies of stored instances (each claimed
//   under its lock: the held path, and a holder bringing back what it pulled);
// - the whole upload (`uploadItems`, the launcher's POST …/stash behind its HTTP layer) of the same batches with
//   seeded items (checked) and with seed-0 items (no identity, nothing checked): the baseline in the same run.
// Goal: detection ≤ 1 ms per uploaded item (judged on the median per item of the new-item batches). Writes
// bench/results/duplicates.json. Needs the engines up and `tsc -b services/season`.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { start } = require('../services/season/dist/server.js');
const { seedDemo } = require('../services/season/dist/data/seed.js');
const { claimInstances } = require('../services/season/dist/domain/stash/instances.js');
const { uploadItems } = require('../services/season/dist/domain/stash/ops.js');

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 200);
const FILL_BATCH = 10_000;
const GOAL_MS_PER_ITEM = 1;
const SEASON_ID = 18;
const RING = 'records/items/gearaccessories/rings/d009_ring.dbr';

const env = {
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  MONGO_DB: `bench-dupes-${randomUUID().slice(0, 8)}`,
  SEASON_CONSUMER_GROUP: `bench-dupes-${randomUUID().slice(0, 8)}`,
};

const round = (v) => Math.round(v * 1000) / 1000;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s[s.length - 1]) };
};
const now = () => Number(process.hrtime.bigint()) / 1e6;
const key = () => `${SEASON_ID}:${randomBytes(16).toString('hex')}`;
let nextItemId = 50_000_000;

const svc = await start(env);
const ctx = svc.stash;
try {
  await seedDemo(svc.mongo, { season7StartsNow: true, participantsPerLadder: 0 });
  await svc.ctx.seasons?.changed();
  const season = await ctx.season.models.Season.findById(SEASON_ID).lean();
  const participant = {
    _id: 99_000_001,
    seasonId: SEASON_ID,
    userId: 'bench',
    username: 'bencher',
    usernameKey: 'bencher',
    joinedAt: new Date(),
    rev: 0,
    challenges: [],
    outbox: [],
  };
  await ctx.season.models.Participant.collection.insertOne(participant);
  // A supporter: the batches below would pass the 250 free slots.
  await ctx.models.StashRole.updateOne(
    { _id: 'bencher' },
    { $set: { roles: ['supporter_s7'], updatedAt: new Date() } },
    { upsert: true },
  );
  const owner = { participant, season };

  // 1. The stored instances.
  const fillStarted = Date.now();
  const stored = [];
  const instances = ctx.models.ItemInstance.collection;
  for (let done = 0; done < INSTANCES; done += FILL_BATCH) {
    const docs = [];
    for (let i = 0; i < Math.min(FILL_BATCH, INSTANCES - done); i += 1) {
      const id = nextItemId++;
      const _id = key();
      if (stored.length < REPEATS * 2 && Math.random() < 0.01) stored.push({ _id, id });
      docs.push({
        _id,
        seasonId: SEASON_ID,
        lines: [id],
        copies: [
          {
            participantItemId: id,
            seasonParticipantId: 1 + (id % 5000),
            username: `p${id % 5000}`,
            arrivedAt: new Date(),
            via: 'cloud-upload',
            opId: 'upload:bench',
            held: false,
          },
        ],
        trades: [],
        version: 1,
      });
    }
    await instances.insertMany(docs, { ordered: false });
    if ((done / FILL_BATCH) % 10 === 0) console.log(`stored instances: ${done + docs.length}`);
  }
  const fillSeconds = (Date.now() - fillStarted) / 1000;
  const count = await instances.estimatedDocumentCount();
  console.log(`${count} instances stored in ${fillSeconds.toFixed(0)} s`);

  const uploads = (n, instanceIds) =>
    Array.from({ length: n }, (_, i) => ({
      id: nextItemId++,
      instanceId: instanceIds?.[i] ?? key(),
      seasonParticipantId: participant._id,
      username: participant.username,
      via: 'cloud-upload',
      opId: `upload:bench-${randomUUID()}`,
      arrivedAt: new Date(),
    }));

  // 2. Detection alone, new instances (warm-up first).
  await claimInstances(ctx, uploads(BATCH));
  const perItemNew = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const batch = uploads(BATCH);
    const t = now();
    const claims = await claimInstances(ctx, batch);
    perItemNew.push((now() - t) / BATCH);
    if ([...claims.values()].some((c) => c.held)) throw new Error('a new instance was held');
  }

  // 3. Detection of copies of stored instances (each claimed under its instance's lock): held.
  const repeatIds = stored.slice(0, REPEATS).map((s) => s._id);
  const perItemCopy = [];
  for (let i = 0; i < repeatIds.length; i += 10) {
    const batch = uploads(Math.min(10, repeatIds.length - i), repeatIds.slice(i, i + 10));
    const t = now();
    const claims = await claimInstances(ctx, batch);
    perItemCopy.push((now() - t) / batch.length);
    if ([...claims.values()].some((c) => !c.held)) throw new Error('a copy of a stored instance was not held');
  }

  // 4. The whole upload: seeded items (checked) against seed-0 items (nothing to check), alternating.
  const items = (seeded) =>
    Array.from({ length: BATCH }, () => ({
      name: RING,
      prefix: '',
      suffix: '',
      modifier: '',
      illusion: '',
      component: '',
      completion: '',
      augment: '',
      itemSeed: seeded ? 1 + Math.floor(Math.random() * 0x7ffffffe) : 0,
      componentSeed: 0,
      augmentSeed: 0,
      stackCount: 1,
    }));
  await uploadItems(ctx, owner, items(true), randomUUID());
  await uploadItems(ctx, owner, items(false), randomUUID());
  const uploadChecked = [];
  const uploadPlain = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const seeded of [true, false]) {
      const t = now();
      const res = await uploadItems(ctx, owner, items(seeded), randomUUID());
      (seeded ? uploadChecked : uploadPlain).push((now() - t) / BATCH);
      if (res.stored !== BATCH || res.held !== 0) throw new Error(`unexpected upload: ${JSON.stringify(res)}`);
    }
  }

  const detection = stats(perItemNew);
  const copies = stats(perItemCopy);
  const checked = stats(uploadChecked);
  const plain = stats(uploadPlain);
  const result = {
    benchmark: 'duplicate detection at upload',
    storedInstances: count,
    fillSeconds: round(fillSeconds),
    batch: BATCH,
    rounds: ROUNDS,
    detectionMsPerItem: detection,
    copyDetectionMsPerItem: { ...copies, items: repeatIds.length },
    uploadMsPerItem: { checked, withoutIdentity: plain, addedP50: round(checked.p50 - plain.p50) },
    goal: { msPerItem: GOAL_MS_PER_ITEM },
    met: detection.p50 <= GOAL_MS_PER_ITEM,
    loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100),
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'duplicates.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `duplicate detection at ${count} stored instances: new items p50 ${detection.p50} ms/item (p95 ${detection.p95}) in batches of ${BATCH}` +
      ` (goal ≤ ${GOAL_MS_PER_ITEM} ms: ${result.met ? 'met' : 'MISSED'}); copies of stored instances p50 ${copies.p50} ms/item;` +
      ` whole upload ${checked.p50} ms/item checked vs ${plain.p50} ms/item without identity (+${result.uploadMsPerItem.addedP50})`,
  );
} finally {
  await svc.mongo.dropDatabase().catch(() => undefined);
  await svc.stop();
}
process.exit(0);
