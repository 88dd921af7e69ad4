// GET /season/{id}/leaderboard with 10,000 participants: seeds a throwaway database, boots the season
// service on port 0, fires a bounded number of requests from loopback over keep-alive connections, prints
// p50/p95/p99 and writes bench/results/leaderboard.json. The baseline in the same run: the query the
// service's ladder rebuild runs (the season's standings by the indexed seasonId, same projection), straight
// on the database through the driver, at the same numbers in flight. Goal (issue 19): p95 <= 10 ms at 4 in
// flight. Needs the engines up and `tsc -b services/season`.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { start } = require('../services/season/dist/server.js');
const { fillLadder, seedDemo } = require('../services/season/dist/data/seed.js');

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
// One pass per level: 1 in flight is the latency of a request; 4 in flight adds queueing on two cores.
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
// The database baseline reads every row each time, so it runs fewer times than the cached endpoint.
const DB_FINDS = Number(process.env.BENCH_DB_FINDS ?? Math.min(REQUESTS, 50));
const GOAL_P95_MS = 10;
const GOAL_CONCURRENCY = 4;
const SEASON_ID = 18;

const env = {
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  MONGO_DB: `bench-season-${randomUUID().slice(0, 8)}`,
  SEASON_CONSUMER_GROUP: `bench-season-${randomUUID().slice(0, 8)}`,
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `n` calls of `fn` with `concurrency` in flight: each call's wall time (ms). */
async function timed(n, concurrency, fn) {
  const ms = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const started = process.hrtime.bigint();
        await fn();
        ms.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  return ms.sort((a, b) => a - b);
}

function get(agent, port, urlPath) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // As a browser asks: gzip accepted. Latency is to the last byte of the (compressed) body.
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent, headers: { 'accept-encoding': 'gzip' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const svc = await start(env);
try {
  const seedStarted = Date.now();
  await seedDemo(svc.mongo, { season7StartsNow: true });
  await fillLadder(svc.mongo, SEASON_ID, PARTICIPANTS);
  await svc.ctx.seasons?.changed();
  const seedMs = Date.now() - seedStarted;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONCURRENCY) });
  const urlPath = `/season/${SEASON_ID}/leaderboard`;
  const first = await get(agent, svc.port, urlPath);
  const body = await fetch(`${svc.url}${urlPath}`).then((r) => r.json()); // fetch decompresses
  if (first.status !== 200 || body.leaderboardEntries.length !== PARTICIPANTS) {
    throw new Error(`unexpected leaderboard: status ${first.status}, ${body.leaderboardEntries?.length} entries`);
  }
  for (let i = 0; i < 20; i += 1) await get(agent, svc.port, urlPath); // warm-up, not measured

  const round = (v) => Math.round(v * 100) / 100;
  const passes = [];
  for (const concurrency of CONCURRENCY) {
    const latencies = [];
    let next = 0;
    let failures = 0;
    const wallStarted = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < REQUESTS) {
          next += 1;
          const r = await get(agent, svc.port, urlPath);
          if (r.status !== 200) failures += 1;
          latencies.push(r.ms);
        }
      }),
    );
    const wallMs = Date.now() - wallStarted;
    latencies.sort((a, b) => a - b);
    passes.push({
      concurrency,
      requests: REQUESTS,
      failures,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies[latencies.length - 1]),
      requestsPerSecond: round((REQUESTS / wallMs) * 1000),
    });
  }
  agent.destroy();

  // Baseline: the rows the ladder is built from, straight on the database (the service's own query: the
  // season's standings by seasonId, which leads the standings index, with the same projection).
  const standings = svc.mongo.db.collection('standings');
  const projection = {
    username: 1,
    points: 1,
    tiebreakerPoints: 1,
    reachedAt: 1,
    twitchUrl: 1,
    youtubeUrl: 1,
    classesPlayed: 1,
  };
  const find = () => standings.find({ seasonId: SEASON_ID }, { projection });
  const rows = (await find().toArray()).length;
  if (rows !== PARTICIPANTS) throw new Error(`the database find returned ${rows} rows, not ${PARTICIPANTS}`);
  for (let i = 0; i < 3; i += 1) await find().toArray(); // warm-up
  const database = [];
  for (const concurrency of CONCURRENCY) {
    const ms = await timed(DB_FINDS, concurrency, async () => {
      const got = await find().toArray();
      if (got.length !== PARTICIPANTS) throw new Error(`find returned ${got.length} rows`);
    });
    database.push({
      concurrency,
      finds: DB_FINDS,
      p50Ms: round(percentile(ms, 50)),
      p95Ms: round(percentile(ms, 95)),
      maxMs: round(ms[ms.length - 1]),
    });
  }
  const atGoal = passes.find((p) => p.concurrency === GOAL_CONCURRENCY);
  const result = {
    benchmark: 'GET /season/{id}/leaderboard',
    participants: PARTICIPANTS,
    responseBytes: first.bytes,
    contentEncoding: 'gzip',
    firstRequestMs: round(first.ms),
    seedMs,
    goal: { p95Ms: GOAL_P95_MS, concurrency: GOAL_CONCURRENCY },
    met: atGoal ? atGoal.p95Ms <= GOAL_P95_MS && atGoal.failures === 0 : undefined,
    loadAverage: os.loadavg().map(round),
    passes,
    databaseFind: {
      query: 'standings.find({ seasonId }, same projection) through the driver, every row read',
      passes: database,
    },
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'leaderboard.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const p of passes) {
    const db = database.find((d) => d.concurrency === p.concurrency);
    const goal =
      p.concurrency === GOAL_CONCURRENCY
        ? ` (goal p95 <= ${GOAL_P95_MS} ms: ${p.p95Ms <= GOAL_P95_MS && p.failures === 0 ? 'met' : 'MISSED'})`
        : '';
    console.log(
      `leaderboard (${PARTICIPANTS} participants, ${p.requests} requests, ${p.concurrency} in flight): ` +
        `p50 ${p.p50Ms} ms, p95 ${p.p95Ms} ms, p99 ${p.p99Ms} ms${goal}; ` +
        `the same rows straight on the database: p50 ${db.p50Ms} ms, p95 ${db.p95Ms} ms (${db.finds} finds)`,
    );
  }
} finally {
  await svc.mongo.dropDatabase().catch(() => undefined);
  await svc.stop();
}
process.exit(0);
