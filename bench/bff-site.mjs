// The BFF on the site as `npm start` runs it (issue 28): the same reads straight at the running site's season
// service and through the running site's BFF, in interleaved rounds, with everything the full site does per
// request on the way (every app's request log through the supervisor's pipes into the start script's
// output, metrics, the per-address limit in Redis, the other services and the engines beside it).
// bench/bff-throughput.mjs measures the BFF alone (its own season and BFF, logs at warn and discarded). A
// third pass, a bare Node proxy (bench/bare-proxy.mjs) in front of the same season, shows the floor here.
//
// Each request carries an X-Forwarded-For address from 198.18.0.0/15 (RFC 2544's range for benchmarks), one
// of BENCH_CLIENTS (1,000) in turn, as
// a reverse proxy in front of the BFF would send it: the BFF believes it from loopback, so its per-address
// limit (1,200 a minute by default) sees many visitors instead of refusing one loopback address, with no
// restart of the site. The direct requests carry the same header.
//
// Reads (BENCH_PATHS, comma-separated): /admin/time (the smallest read, the server clock) and
// /season/18/leaderboard. autocannon, 10 keep-alive connections, BENCH_SECONDS (10) per path and read in
// BENCH_ROUNDS (5) interleaved slices. Records the CPU per request of season, the BFF, the supervisor
// (tools/stack/dist/site.js, which prefixes every log line) and the load generator. Goal: BFF ≥ 0.70 of
// direct req/s on each read. Writes bench/results/bff-site.json; exit code 1 when the goal is missed, 2
// when no site answers.
//   node bench/bff-site.mjs       (BENCH_SITE_URL http://127.0.0.1:8080, BENCH_SERVICE_PORT_BASE 4001)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import autocannon from 'autocannon';
import { cpuSeconds, enginePids, waitOk } from './proc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE = (process.env.BENCH_SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const SERVICE_BASE = Number(process.env.BENCH_SERVICE_PORT_BASE ?? 4001);
const SEASON = `http://127.0.0.1:${SERVICE_BASE + 1}`;
const PATHS = (process.env.BENCH_PATHS ?? '/admin/time,/season/18/leaderboard').split(',').filter(Boolean);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const CONNECTIONS = 10;
const TARGET = 0.7;

function pidByPort(port) {
  const ss = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(ss.stdout ?? '');
  return m ? Number(m[1]) : undefined;
}
const parentOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
};
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
};

for (const url of [`${SITE}/ready`, `${SEASON}/ready`]) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
  } catch (err) {
    console.error(`bff-site: ${url} does not answer (${err.message}): run \`npm start\` first`);
    process.exit(2);
  }
}

// The floor for any proxy on Node, on this site in this run: bench/bare-proxy.mjs (a plain http server piping
// each request to the site's season over a keep-alive agent, nothing else) as a third pass beside direct and
// the BFF, so the BFF's ratio can be read against what a proxy written on Node reaches here.
const barePort = await freePort();
const bare = spawn(process.execPath, [path.join(here, 'bare-proxy.mjs'), String(barePort), SEASON], {
  stdio: 'ignore',
});
bare.unref();
process.on('exit', () => bare.kill());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const BARE = `http://127.0.0.1:${barePort}`;
bare.name = 'bare proxy';
await waitOk(`${BARE}/ready`, bare, 10_000);

const bffPid = pidByPort(Number(new URL(SITE).port || 80));
const seasonPid = pidByPort(SERVICE_BASE + 1);
const supervisorPid = bffPid && parentOf(bffPid);
const pids = { season: seasonPid, bff: bffPid, supervisor: supervisorPid, bare: bare.pid, generator: process.pid };
const engines = enginePids();

/** Visitor number i's address, among CLIENTS of 198.18.0.0/15. */
const address = (i) => `198.${18 + Math.floor(i / 65536)}.${Math.floor(i / 256) % 256}.${i % 256}`;
/**
 * Connection k's requests: one for each visitor k + 1, k + 1 + CONNECTIONS, … in turn, so each visitor is one
 * connection's and sends a request every CLIENTS requests, as it did from a shared counter. Each request is
 * built once: autocannon turns a request object into its bytes once and sends them again each time round. A
 * `setupRequest` hook that set the header instead rebuilt every request in the load generator (headers
 * merged, the request line and headers formatted, a new buffer): CPU taken on these two cores from the BFF
 * and season in the BFF's passes only, since direct the generator has a core of its own beside season's one
 * thread.
 */
const visitorsOf = (k) =>
  Array.from({ length: Math.ceil((CLIENTS - k) / CONNECTIONS) }, (_, j) => ({
    headers: { 'x-forwarded-for': address(k + 1 + j * CONNECTIONS) },
  }));

function run(url, seconds) {
  let connection = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: seconds,
        setupClient: (client) => client.setRequests(visitorsOf(connection++ % CONNECTIONS)),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const result = {
  benchmark: 'the running site: GET through its BFF vs straight at its season service',
  site: SITE,
  season: SEASON,
  processes: Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, { pid, command: commandOf(pid) }])),
  connections: CONNECTIONS,
  secondsPerPass: SECONDS,
  rounds: ROUNDS,
  clients: CLIENTS,
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
  target: TARGET,
  reads: [],
  at: new Date().toISOString(),
};

for (const read of PATHS) {
  const targets = [
    ['direct', `${SEASON}${read}`],
    ['bare', `${BARE}${read}`],
    ['bff', `${SITE}/api${read}`],
  ];
  for (const [, url] of targets) await run(url, 2); // warm-up: JIT, caches, pooled connections
  const totals = Object.fromEntries(
    targets.map(([label, url]) => [label, { url, requests: 0, ms: 0, p99s: [], cpu: {} }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, url] of targets) {
      const watched = { ...pids, ...engines };
      const before = Object.fromEntries(Object.entries(watched).map(([k, pid]) => [k, pid && cpuSeconds(pid)]));
      const r = await run(url, SECONDS / ROUNDS);
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad > 0) throw new Error(`${read} ${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      const t = totals[label];
      t.requests += r.requests.total;
      t.ms += new Date(r.finish).getTime() - new Date(r.start).getTime();
      t.p99s.push(r.latency.p99);
      for (const [k, pid] of Object.entries(watched)) {
        const after = pid && cpuSeconds(pid);
        t.cpu[k] = (t.cpu[k] ?? 0) + (after === undefined || before[k] === undefined ? 0 : after - before[k]);
      }
    }
  }
  const passes = {};
  for (const [label, t] of Object.entries(totals)) {
    const us = (seconds) => Math.round((seconds * 1e6) / Math.max(1, t.requests));
    passes[label] = {
      url: t.url,
      requests: t.requests,
      requestsPerSecond: Math.round((t.requests * 1000) / t.ms),
      p99Ms: Math.max(...t.p99s),
      cpuMicrosecondsPerRequest: Object.fromEntries(Object.keys(pids).map((k) => [k, us(t.cpu[k] ?? 0)])),
      engineCoreShare: Object.fromEntries(
        Object.keys(engines).map((k) => [k, Math.round(((t.cpu[k] ?? 0) * 1000 * 100) / Math.max(1, t.ms)) / 100]),
      ),
    };
  }
  const share = (a, b) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 1000) / 1000;
  const ratio = share(passes.bff, passes.direct);
  const bareRatio = share(passes.bare, passes.direct);
  const ofBare = share(passes.bff, passes.bare);
  result.reads.push({ path: read, passes, ratio, bareRatio, bffOfBare: ofBare, met: ratio >= TARGET });
  for (const [label, p] of Object.entries(passes)) {
    const cpu = Object.entries(p.cpuMicrosecondsPerRequest)
      .map(([k, v]) => `${k} ${v} µs`)
      .join(', ');
    console.log(
      `${read} ${label.padEnd(6)} ${String(p.requestsPerSecond).padStart(6)} req/s  p99 ${p.p99Ms} ms  (${p.requests} requests)  CPU a request: ${cpu}`,
    );
  }
  console.log(
    `${read}: BFF / direct = ${ratio} (goal >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'MISSED'}); bare Node proxy / direct = ${bareRatio}, BFF / bare proxy = ${ofBare}`,
  );
}

mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', 'bff-site.json'), `${JSON.stringify(result, null, 2)}\n`);
if (result.reads.some((r) => !r.met)) process.exitCode = 1;
