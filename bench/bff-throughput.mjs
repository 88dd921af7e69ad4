// The BFF's throughput: the same read measured in one run straight at the season service and through the
// BFF (autocannon, 10 keep-alive connections, loopback only), printing req/s, p99 and the ratio
// BFF / direct (target >= 0.70; issue 28 retired 0.85 for the 2-core machine). Two more paths show what the BFF is made of, in the same run: a bare Node
// proxy (bench/bare-proxy.mjs), what any proxy on Node reaches on this machine, and the proxy library alone
// as the BFF configures it (bench/hpm-proxy.mjs). Measuring starts once season and the engines are idle. Spawns its own season service (throwaway database, demo seed) and BFF from
// the built dist, so it needs the engines up and `tsc -b services/season bff` (`npm run bench:bff` does both).
// BENCH_SECONDS (default 10) sets each path's measured time, BENCH_ROUNDS (5) the interleaved slices it is cut in; BENCH_PATH the read (default Season 7's SC Trade leaderboard, id 18).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './free-port.mjs';
import { cpuSeconds, cpuShare, enginePids, waitOk } from './proc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each path's SECONDS are measured in this many slices, taken in turn with the other paths'. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;
const READ = process.env.BENCH_PATH ?? '/season/18/leaderboard';
const TARGET = 0.7;
/** Idle enough to measure: season and the engines together under this share of one core (BENCH_QUIET_SHARE). */
const QUIET_SHARE = Number(process.env.BENCH_QUIET_SHARE ?? 0.1);
const QUIET_TIMEOUT_S = Number(process.env.BENCH_QUIET_TIMEOUT_S ?? 600);

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

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** CPU time (user + system, ms) a process has used so far; undefined when it is gone or off Linux. */
const cpuMs = (pid) => {
  const seconds = cpuSeconds(pid);
  return seconds === undefined ? undefined : seconds * 1000;
};

/**
 * Waits until the season service and the engines are idle: a fresh season service seeds the demo league
 * and its new consumer group replays the topics from their beginning, which kept FerretDB at a full core
 * and season at a third of one for minutes after `/ready` on this machine (26 Nov); passes measured then
 * share the two cores with that work. Idle: season and the engines together under QUIET_SHARE of a core
 * for 2 s. Returns the seconds waited and the last share; gives up after QUIET_TIMEOUT_S and says so.
 */
async function untilQuiet(pids) {
  const started = Date.now();
  for (;;) {
    const share = await cpuShare(pids, 2_000);
    const waited = Math.round((Date.now() - started) / 1000);
    if (share < QUIET_SHARE) return { waitedS: waited, share, quiet: true };
    if (waited >= QUIET_TIMEOUT_S) return { waitedS: waited, share, quiet: false };
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

const hpmPort = await freePort();
const hpm = spawn(
  process.execPath,
  [path.join(here, 'hpm-proxy.mjs'), String(hpmPort), `http://127.0.0.1:${seasonPort}`],
  {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
hpm.name = 'library alone';

const direct = `http://127.0.0.1:${seasonPort}${READ}`;
const bareUrl = `http://127.0.0.1:${barePort}${READ}`;
const hpmUrl = `http://127.0.0.1:${hpmPort}${READ}`;
const through = `http://127.0.0.1:${bffPort}/api${READ}`;
try {
  await waitOk(direct, season);
  await waitOk(through, bff);
  await waitOk(bareUrl, bare);
  await waitOk(hpmUrl, hpm);
  // Warm every path (JIT, caches, pooled connections) before measuring.
  await run(direct, 2);
  await run(through, 2);
  await run(bareUrl, 2);
  await run(hpmUrl, 2);
  const engines = enginePids();
  const quiet = await untilQuiet({ season: season.pid, ...engines });
  console.log(
    quiet.quiet
      ? `season and the engines idle after ${quiet.waitedS} s (${Math.round(quiet.share * 100)} % of a core)`
      : `season and the engines still at ${Math.round(quiet.share * 100)} % of a core after ${quiet.waitedS} s: measuring anyway, the figures share the CPU with that work`,
  );
  // Interleaved rounds (direct, bare, library alone, BFF, direct, …) so a neighbour's burst on the shared machine falls on
  // every path alike instead of on one whole pass.
  const targets = [
    ['direct', direct, undefined],
    ['bare', bareUrl, bare],
    ['hpm', hpmUrl, hpm],
    ['bff', through, bff],
  ];
  const totals = Object.fromEntries(
    targets.map(([label, url]) => [label, { url, requests: 0, ms: 0, p50s: [], p99s: [], maxMs: 0, cpu: {} }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, url, proxy] of targets) {
      // The engines' CPU during the pass too: work of theirs (a replay, a compaction) competes for the cores.
      const watched = {
        season,
        proxy,
        generator: process,
        ...Object.fromEntries(Object.entries(engines).map(([k, pid]) => [k, { pid }])),
      };
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
      // The engines' CPU over the pass, as a share of one core (idle ones read 0.0x).
      engineCoreShare: Object.fromEntries(
        Object.keys(engines).map((k) => [k, Math.round(((t.cpu[k] ?? 0) / Math.max(1, t.ms)) * 100) / 100]),
      ),
    };
  }
  const ratio = Math.round((passes.bff.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  // What a proxy doing nothing but forwarding reaches on this machine in this run: the ceiling for any BFF.
  const bareRatio = Math.round((passes.bare.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  // What the proxy library reaches as the BFF configures it, with nothing of the BFF around it.
  const hpmRatio = Math.round((passes.hpm.requestsPerSecond / passes.direct.requestsPerSecond) * 1000) / 1000;
  const result = {
    benchmark: `GET ${READ}: through the BFF vs straight at the season service`,
    connections: CONNECTIONS,
    secondsPerPass: SECONDS,
    rounds: ROUNDS,
    cpus: os.cpus().length,
    quietBeforeMeasuring: quiet,
    passes,
    ratio,
    bareProxyRatio: bareRatio,
    libraryAloneRatio: hpmRatio,
    target: TARGET,
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'bff-throughput.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [label, p] of Object.entries(passes)) {
    console.log(
      `${label.padEnd(6)} ${String(p.requestsPerSecond).padStart(6)} req/s   p50 ${p.p50Ms} ms   p99 ${p.p99Ms} ms   (${p.requests} requests, ${CONNECTIONS} keep-alive connections, ${SECONDS} s in ${ROUNDS} interleaved rounds; p50 the rounds' median, p99 the worst round's)   CPU per request: season ${p.cpuMicrosecondsPerRequest.seasonUs} µs, proxy ${p.cpuMicrosecondsPerRequest.proxyUs} µs, autocannon ${p.cpuMicrosecondsPerRequest.generatorUs} µs; engines ${
        Object.entries(p.engineCoreShare)
          .filter(([, share]) => share >= 0.01)
          .map(([k, share]) => `${k} ${share}`)
          .join(', ') || 'idle'
      } of a core`,
    );
  }
  console.log(`ratio bare proxy/direct: ${bareRatio} (a Node proxy that only forwards, the same run)`);
  console.log(
    `ratio library alone/direct: ${hpmRatio} (http-proxy-middleware as the BFF configures it, nothing around it, the same run)`,
  );
  console.log(`ratio bff/direct: ${ratio} (target >= ${TARGET}) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`);
  process.exitCode = ratio >= TARGET ? 0 : 1;
} finally {
  await stop(bff);
  await stop(bare);
  await stop(hpm);
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
