// The BFF's throughput: the same read measured in one run straight at the season service and through the
// BFF (autocannon, 10 keep-alive connections, loopback only), printing req/s, p99 and the ratio
// BFF / direct (target >= 0.85). Spawns its own season service (throwaway database, demo seed) and BFF from
// the built dist, so it needs the engines up and `tsc -b services/season bff` (`npm run bench:bff` does both).
// BENCH_SECONDS (default 10) sets each measured pass; BENCH_PATH the read (default Season 7's SC Trade leaderboard, id 18).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './free-port.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const READ = process.env.BENCH_PATH ?? '/season/18/leaderboard';
const TARGET = 0.85;

// BENCH_BFF_NODE_ARGS: extra node flags for the BFF process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
// (the profile is written when the BFF exits at the end of the run).
function startApp(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.name = name;
  return child;
}

async function waitOk(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.name} exited (${child.exitCode}) during start`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000}s`);
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

function run(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const seasonPort = await freePort();
const bffPort = await freePort();
const db = `bench-bff-${randomUUID().slice(0, 8)}`;
const season = startApp('season', 'services/season/dist/main.js', {
  PORT: String(seasonPort),
  MONGO_DB: db,
  SEASON_SEED_DEMO: '1',
  SEASON7_STARTS_NOW: '1',
  SEASON_CONSUMER_GROUP: db,
});
const bff = startApp(
  'bff',
  'bff/dist/main.js',
  {
    PORT: String(bffPort),
    SEASON_URL: `http://127.0.0.1:${seasonPort}`,
    // The per-IP limit would otherwise answer 429 to a load generator on loopback: the bench measures the proxy.
    API_RATE_LIMIT_PER_WINDOW: process.env.API_RATE_LIMIT_PER_WINDOW ?? '100000000',
  },
  (process.env.BENCH_BFF_NODE_ARGS ?? '').split(' ').filter(Boolean),
);

const direct = `http://127.0.0.1:${seasonPort}${READ}`;
const through = `http://127.0.0.1:${bffPort}/api${READ}`;
try {
  await waitOk(direct, season);
  await waitOk(through, bff);
  // Warm both paths (JIT, caches, pooled connections) before measuring.
  await run(direct, 2);
  await run(through, 2);
  const passes = {};
  for (const [label, url] of [
    ['direct', direct],
    ['bff', through],
  ]) {
    const before = { season: cpuMs(season.pid), bff: cpuMs(bff.pid) };
    const r = await run(url, SECONDS);
    // Where the CPU went per answered request: the season service's and the BFF's own share.
    const perRequest = (name, child) => {
      const after = cpuMs(child.pid);
      return after === undefined || before[name] === undefined
        ? undefined
        : Math.round(((after - before[name]) * 1000) / Math.max(1, r.requests.total));
    };
    const cpu = { seasonUs: perRequest('season', season), bffUs: perRequest('bff', bff) };
    const bad = r.non2xx + r.errors + r.timeouts;
    if (bad > 0) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    passes[label] = {
      url,
      requests: r.requests.total,
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      cpuMicrosecondsPerRequest: cpu,
    };
  }
  const ratio = Math.round((passes.bff.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  const result = {
    benchmark: `GET ${READ}: through the BFF vs straight at the season service`,
    connections: CONNECTIONS,
    secondsPerPass: SECONDS,
    cpus: os.cpus().length,
    passes,
    ratio,
    target: TARGET,
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'bff-throughput.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [label, p] of Object.entries(passes)) {
    console.log(
      `${label.padEnd(6)} ${String(p.requestsPerSecond).padStart(6)} req/s   p50 ${p.p50Ms} ms   p99 ${p.p99Ms} ms   (${p.requests} requests, ${CONNECTIONS} keep-alive connections, ${SECONDS} s)   CPU per request: season ${p.cpuMicrosecondsPerRequest.seasonUs} µs, bff ${p.cpuMicrosecondsPerRequest.bffUs} µs`,
    );
  }
  console.log(`ratio bff/direct: ${ratio} (target >= ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`);
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  await stop(bff);
  await stop(season);
  // The throwaway database: dropped through the season service's own driver.
  const { default: mongoose } = await import('mongoose');
  const conn = await mongoose
    .createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: db })
    .asPromise()
    .catch(() => undefined);
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
}
