// The BFF's throughput: the same read measured in one run straight at the season service and through the
// BFF (autocannon, 10 keep-alive connections, loopback only), printing req/s, p99 and the ratio
// BFF / direct (target >= 0.85). A third path, a bare Node proxy (bench/bare-proxy.mjs), shows what any proxy
// on Node reaches on this machine in the same run. Spawns its own season service (throwaway database, demo seed) and BFF from
// the built dist, so it needs the engines up and `tsc -b services/season bff` (`npm run bench:bff` does both).
// BENCH_SECONDS (default 10) sets each path's measured time, BENCH_ROUNDS (5) the interleaved slices it is cut in; BENCH_PATH the read (default Season 7's SC Trade leaderboard, id 18).
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
/** Each path's SECONDS are measured in this many slices, taken in turn with the other paths'. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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

const barePort = await freePort();
const bare = spawn(
  process.execPath,
  [path.join(here, 'bare-proxy.mjs'), String(barePort), `http://127.0.0.1:${seasonPort}`],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
bare.name = 'bare proxy';

const direct = `http://127.0.0.1:${seasonPort}${READ}`;
const bareUrl = `http://127.0.0.1:${barePort}${READ}`;
const through = `http://127.0.0.1:${bffPort}/api${READ}`;
try {
  await waitOk(direct, season);
  await waitOk(through, bff);
  await waitOk(bareUrl, bare);
  // Warm every path (JIT, caches, pooled connections) before measuring.
  await run(direct, 2);
  await run(through, 2);
  await run(bareUrl, 2);
  // Interleaved rounds (direct, bare, BFF, direct, …) so a neighbour's burst on the shared machine falls on
  // every path alike instead of on one whole pass.
  const targets = [
    ['direct', direct, undefined],
    ['bare', bareUrl, bare],
    ['bff', through, bff],
  ];
  const totals = Object.fromEntries(
    targets.map(([label, url]) => [label, { url, requests: 0, ms: 0, p50s: [], p99s: [], maxMs: 0, cpu: {} }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, url, proxy] of targets) {
      const watched = { season, proxy, generator: process };
      const before = Object.fromEntries(Object.entries(watched).map(([k, p]) => [k, p && cpuMs(p.pid)]));
      const r = await run(url, SECONDS / ROUNDS);
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad > 0) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      const t = totals[label];
      t.requests += r.requests.total;
      t.ms += new Date(r.finish).getTime() - new Date(r.start).getTime();
      t.p50s.push(r.latency.p50);
      t.p99s.push(r.latency.p99);
      t.maxMs = Math.max(t.maxMs, r.latency.max);
      for (const [k, p] of Object.entries(watched)) {
        const after = p && cpuMs(p.pid);
        t.cpu[k] = (t.cpu[k] ?? 0) + (after === undefined || before[k] === undefined ? 0 : after - before[k]);
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const passes = {};
  for (const [label, t] of Object.entries(totals)) {
    // Where the CPU went per answered request: the season service's, the proxy's and the load generator's.
    const us = (k) => Math.round((t.cpu[k] * 1000) / Math.max(1, t.requests));
    passes[label] = {
      url: t.url,
      requests: t.requests,
      requestsPerSecond: Math.round((t.requests * 1000) / t.ms),
      p50Ms: median(t.p50s),
      p99Ms: Math.max(...t.p99s),
      maxMs: t.maxMs,
      cpuMicrosecondsPerRequest: { seasonUs: us('season'), proxyUs: us('proxy'), generatorUs: us('generator') },
    };
  }
  const ratio = Math.round((passes.bff.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  // What a proxy doing nothing but forwarding reaches on this machine in this run: the ceiling for any BFF.
  const bareRatio = Math.round((passes.bare.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  const result = {
    benchmark: `GET ${READ}: through the BFF vs straight at the season service`,
    connections: CONNECTIONS,
    secondsPerPass: SECONDS,
    rounds: ROUNDS,
    cpus: os.cpus().length,
    passes,
    ratio,
    bareProxyRatio: bareRatio,
    target: TARGET,
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'bff-throughput.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [label, p] of Object.entries(passes)) {
    console.log(
      `${label.padEnd(6)} ${String(p.requestsPerSecond).padStart(6)} req/s   p50 ${p.p50Ms} ms   p99 ${p.p99Ms} ms   (${p.requests} requests, ${CONNECTIONS} keep-alive connections, ${SECONDS} s in ${ROUNDS} interleaved rounds; p50 the rounds' median, p99 the worst round's)   CPU per request: season ${p.cpuMicrosecondsPerRequest.seasonUs} µs, proxy ${p.cpuMicrosecondsPerRequest.proxyUs} µs, autocannon ${p.cpuMicrosecondsPerRequest.generatorUs} µs`,
    );
  }
  console.log(`ratio bare proxy/direct: ${bareRatio} (a Node proxy that only forwards, the same run)`);
  console.log(`ratio bff/direct: ${ratio} (target >= ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`);
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  await stop(bff);
  await stop(bare);
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
