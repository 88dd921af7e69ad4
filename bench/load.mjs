// Load (issue 18): mixed traffic through the BFF at a fixed rate for minutes, against the whole site as
// `npm start` runs it. Not part of CI or `npm run bench`: `npm run load` (or `node bench/load.mjs`).
//
// Builds what is stale and seeds the demo league (the steps of `npm start`, tools/scripts/lib.mjs), starts
// tools/stack/dist/site.js (the five services and the BFF under one supervisor) on free ports, runs the demo
// launcher sync, signs in the demo players, then sends `--rate` requests per second for `--minutes` through
// the BFF, open loop: request n leaves at start + n / rate whether or not earlier ones have answered (one
// that leaves more than `--late-ms` after its time is counted late). The mix: public reads (seasons,
// ladders, leaderboards, catalogue pages and items, the file lists), signed-in reads (profile, cloud stash,
// trade search, trade notifications, saved searches, builds) and a small share of writes that can repeat
// forever (a saved search created and then deleted, a build's description updated). Each request carries
// an X-Forwarded-For address from TEST-NET-2 (198.51.100.0/24, `--clients` of them) as a reverse proxy in
// front of the BFF would, so the BFF's per-address limit (1,200 per minute) sees many visitors instead of
// refusing one loopback address.
//
// Every 10 s it reads VmRSS of the BFF and every service (their pids: the site's children, by entry file)
// and the CPU time of those, the engines and itself. Reports total requests, errors (non-2xx and network
// errors; the goal is 0), late ones, p50/p95/p99 latency overall and per kind after the warm-up, each
// process's RSS at the start (the median of the first minute after the `--warmup-s` warm-up) vs the end
// (the median of the last minute; the goal: within 10 %), and each process's CPU share. Writes
// bench/results/load.json, prints a table, exits non-zero when a goal is missed (an error, an RSS change
// above 10 %, a process that restarted).
//
//   node bench/load.mjs [--rate 200] [--minutes 10] [--warmup-s 30] [--sample-s 10] [--clients 64]
//                       [--late-ms 50] [--timeout-ms 10000] [--rss-pct 10] [--no-build] [--no-demo-sync]
// LOG_LEVEL (warn) is the site's log level; its log goes to bench/results/load-site.log.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { cpuSeconds, enginePids } from './proc.mjs';
import { startSite, stopSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const results = path.join(here, 'results');

const { values: opts } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    'warmup-s': { type: 'string', default: '30' },
    'sample-s': { type: 'string', default: '10' },
    clients: { type: 'string', default: '64' },
    'late-ms': { type: 'string', default: '50' },
    'timeout-ms': { type: 'string', default: '10000' },
    'rss-pct': { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    'no-demo-sync': { type: 'boolean', default: false },
  },
});
const num = (name) => {
  const v = Number(opts[name]);
  if (!Number.isFinite(v) || v <= 0) {
    console.error(`--${name} must be a positive number (got ${opts[name]})`);
    process.exit(2);
  }
  return v;
};
const RATE = num('rate');
const MINUTES = num('minutes');
const WARMUP_MS = num('warmup-s') * 1000;
const SAMPLE_MS = num('sample-s') * 1000;
const CLIENTS = Math.min(254, Math.round(num('clients')));
const LATE_MS = num('late-ms');
const TIMEOUT_MS = num('timeout-ms');
const RSS_GOAL_PCT = num('rss-pct');
const DURATION_MS = MINUTES * 60_000;
if (WARMUP_MS >= DURATION_MS) {
  console.error(`the warm-up (${WARMUP_MS / 1000} s) must be shorter than the run (${MINUTES} min)`);
  process.exit(2);
}
const BRANCH = 'prod';
const APPS = ['account', 'season', 'trade', 'files', 'chat', 'bff'];
const entryOf = (name) => (name === 'bff' ? 'bff/dist/main.js' : `services/${name}/dist/main.js`);

const say = (line) => console.log(`[load] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------- the site

async function startLoadSite(lib) {
  const site = await startSite({
    firstBase: 24_001,
    log: path.join(results, 'load-site.log'),
    json: true,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
  });
  const { url, base, log } = site;
  say(`site ready at ${url} (services on ${base}–${base + 4}; log ${path.relative(root, log)})`);
  if (!opts['no-demo-sync']) {
    // The last step of `npm start`'s demo seed: player3 syncs a save and stash through the launcher API.
    try {
      const steps = await lib.playDemo(site.bffPort);
      say(`demo launcher sync: ${steps.length} steps`);
    } catch (err) {
      say(`demo launcher sync skipped: ${err.message}`);
    }
  }
  return site;
}

async function stopLoadSite(site) {
  if (await stopSite(site)) say('site stopped');
}

// ----------------------------------------------------------------------------------------------- /proc

function childrenOf(ppid) {
  const found = [];
  for (const dir of readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== ppid) continue;
      found.push({ pid: Number(dir), cmd: readFileSync(`/proc/${dir}/cmdline`, 'utf8').split('\0') });
    } catch {
      /* gone */
    }
  }
  return found;
}

/** name → pid of the BFF and every service: the site process's children, told apart by their entry file. */
function appPids(sitePid) {
  const kids = childrenOf(sitePid);
  const pids = {};
  for (const name of APPS) {
    const kid = kids.find((k) => k.cmd.some((a) => a.endsWith(entryOf(name))));
    if (kid) pids[name] = kid.pid;
  }
  return pids;
}

const kbField = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rssMB: (kbField(status, 'VmRSS') * 1024) / 1e6, peakMB: (kbField(status, 'VmHWM') * 1024) / 1e6 };
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------- HTTP

// No cap on sockets: a request must never wait for one of ours (open loop; each visitor has its own connection).
const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });
let bffOrigin;

/** One request to the BFF: { status, ms, body (text; decoded only when asked), error }. */
function send({ method = 'GET', path: p, token, body, client, decode = false }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: 'application/json', 'accept-encoding': 'gzip', 'x-forwarded-for': client };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const started = performance.now();
    let settled = false;
    let timer;
    const done = (r) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - started });
    };
    const req = http.request(`${bffOrigin}/api${p}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', (err) => done({ status: res.statusCode, error: err.message }));
      res.on('end', () => {
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        let text;
        // Bodies are only decoded where the run needs them (setup) or to name an error.
        if (decode || !ok) {
          try {
            const raw = Buffer.concat(chunks);
            text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          } catch (err) {
            text = `(undecodable body: ${err.message})`;
          }
        }
        done({ status: res.statusCode, text });
      });
    });
    // A deadline for the whole exchange (the socket's own timeout only counts idle time).
    timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    req.on('error', (err) => done({ status: 0, error: err.message }));
    req.end(payload);
  });
}

const SETUP_CLIENT = '198.51.100.254';
async function json(method, p, { token, body } = {}) {
  const r = await send({ method, path: p, token, body, client: SETUP_CLIENT, decode: true });
  if (r.status < 200 || r.status >= 300)
    throw new Error(`${method} /api${p}: ${r.status || r.error} ${r.text?.slice(0, 200) ?? ''}`);
  return r.text ? JSON.parse(r.text) : undefined;
}

// ------------------------------------------------------------------------------------------------ setup

const PLAYERS = ['player1', 'player2', 'player3'];

/** What the traffic needs: season ids, catalogue item ids, and the signed-in players' participations. */
async function setup() {
  const latest = await json('GET', `/season/latest?includeChallenges=false&branch=${BRANCH}`);
  const seasonIds = new Set(latest.map((s) => s.seasonId));
  for (const n of [3, 4, 5, 6, 7]) {
    for (const s of await json('GET', `/season/mod/GrimLeagueS0${n}`)) if (!s.isBeta) seasonIds.add(s.seasonId);
  }
  const tradeSeason = latest.find((s) => s.seasonTypeId === 1 && !s.isBeta) ?? latest[0];
  if (!tradeSeason) throw new Error('no season in /season/latest: is the demo league seeded?');

  const page = await json('GET', '/season/items?page=1&pageSize=100');
  const itemIds = (page.items ?? page).map((i) => i.itemId).filter((id) => Number.isInteger(id));
  const itemPages = Math.max(1, Math.ceil((page.itemCount ?? itemIds.length) / 20));
  if (itemIds.length === 0) throw new Error('the catalogue is empty: is the demo catalogue seeded?');

  const passwordFile = path.join(root, '.local', 'demo-password.txt');
  if (!existsSync(passwordFile)) throw new Error('no demo password in .local (the account seed writes it)');
  const password = readFileSync(passwordFile, 'utf8').trim();
  const users = [];
  for (const username of PLAYERS) {
    const { access_token: token } = await json('POST', '/account/login', { body: { username, password } });
    let profile = await json('GET', `/season/profile?branch=${BRANCH}`, { token });
    let part = profile.seasonParticipants.find((p) => p.seasonId === tradeSeason.seasonId);
    if (!part) {
      // The demo players join the running trade ladder as the e2e journeys do (once; it stays joined).
      await json('POST', `/season/add-participant/${tradeSeason.seasonId}`, { token });
      profile = await json('GET', `/season/profile?branch=${BRANCH}`, { token });
      part = profile.seasonParticipants.find((p) => p.seasonId === tradeSeason.seasonId);
    }
    if (!part) throw new Error(`${username} is not in ${tradeSeason.displayName} after joining`);
    const pid = part.seasonParticipantId;
    const saved = await json('GET', `/trade/participant/${pid}/saved-searches?branch=${BRANCH}`, { token });
    const builds = await json('GET', `/season/participant/${pid}/builds`, { token });
    let build = builds[0];
    let buildCreated = false;
    if (!build) {
      build = await json('POST', '/season/build', {
        token,
        body: {
          participantCharacterBuildId: 0,
          seasonParticipantId: pid,
          buildClass: 'Soldier',
          buildUrl: 'https://www.grimtools.com/calc/',
          buildDescription: 'load run',
        },
      });
      buildCreated = true;
    }
    users.push({
      username,
      token,
      pid,
      // Saved searches: at most 20 per participant; one of ours at a time, created then deleted.
      canSave: saved.length < 20,
      saved: { state: 'idle', id: undefined },
      build: {
        participantCharacterBuildId: build.participantCharacterBuildId,
        seasonParticipantId: pid,
        buildClass: build.buildClass,
        buildUrl: build.buildUrl,
        buildDescription: build.buildDescription ?? null,
      },
      buildCreated,
    });
  }
  return { seasonIds: [...seasonIds], tradeSeason, itemIds, itemPages, users, password };
}

/** Leaves the players as they were: our saved search deleted, the build's description back (or the build gone). */
async function cleanup(ctx) {
  for (const u of ctx.users) {
    try {
      if (u.saved.id !== undefined)
        await json('DELETE', `/trade/participant/${u.pid}/saved-searches/${u.saved.id}?branch=${BRANCH}`, {
          token: u.token,
        });
      if (u.buildCreated)
        await json('DELETE', `/season/build/${u.build.participantCharacterBuildId}`, { token: u.token });
      else await json('POST', '/season/build', { token: u.token, body: u.build });
    } catch (err) {
      say(`cleanup for ${u.username}: ${err.message}`);
    }
  }
}

// ------------------------------------------------------------------------------------------------ the mix

/** Seeded PRNG (mulberry32), so two runs send the same sequence. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RARITIES = ['Common', 'Magical', 'Rare', 'Epic', 'Legendary'];

/**
 * The kinds of request, their share (weights sum to 100) and what each sends. A kind returns the request
 * to send, or undefined to fall back to a plain read. `expect` lists statuses that are not errors.
 */
function kinds(ctx, rand) {
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const user = () => pick(ctx.users);
  const savers = ctx.users.filter((u) => u.canSave);
  let buildN = 0;
  return [
    // Public reads: 58 %.
    {
      kind: 'seasons',
      group: 'public',
      weight: 8,
      make: () => ({ path: `/season/latest?includeChallenges=true&includeParticipants=true&branch=${BRANCH}` }),
    },
    {
      kind: 'ladders',
      group: 'public',
      weight: 5,
      make: () => ({ path: `/season/mod/GrimLeagueS0${3 + Math.floor(rand() * 5)}` }),
    },
    { kind: 'season', group: 'public', weight: 4, make: () => ({ path: `/season/${pick(ctx.seasonIds)}` }) },
    {
      kind: 'leaderboard',
      group: 'public',
      weight: 15,
      make: () => ({ path: `/season/${pick(ctx.seasonIds)}/leaderboard` }),
    },
    {
      kind: 'catalogue page',
      group: 'public',
      weight: 8,
      make: () => ({ path: `/season/items?page=${1 + Math.floor(rand() * ctx.itemPages)}&pageSize=20` }),
    },
    { kind: 'catalogue item', group: 'public', weight: 8, make: () => ({ path: `/season/item/${pick(ctx.itemIds)}` }) },
    {
      kind: 'files list',
      group: 'public',
      weight: 6,
      make: () => ({ path: `/file/filenames?v=v1&branch=${BRANCH}&region=${pick(['us', 'de'])}` }),
    },
    {
      kind: 'preload files',
      group: 'public',
      weight: 4,
      make: () => ({ path: `/file/preload?branch=${BRANCH}&region=us` }),
    },
    // Signed-in reads: 38 %.
    {
      kind: 'profile',
      group: 'signed-in',
      weight: 7,
      make: () => ({ path: `/season/profile?branch=${BRANCH}`, token: user().token }),
    },
    {
      kind: 'stash',
      group: 'signed-in',
      weight: 8,
      make: () => {
        const u = user();
        return {
          path: `/season/participant/${u.pid}/stash?transfer=${rand() < 0.2}&page=1&pageSize=${pick([10, 20, 50])}&branch=${BRANCH}`,
          token: u.token,
        };
      },
    },
    {
      kind: 'trade search',
      group: 'signed-in',
      weight: 9,
      make: () => {
        const u = user();
        const filter =
          rand() < 0.5 ? `&rarity=${pick(RARITIES)}` : rand() < 0.5 ? `&minLevel=${Math.floor(rand() * 80)}` : '';
        return {
          path: `/trade/trade-search?seasonParticipantId=${u.pid}&page=1&pageSize=${pick([10, 20, 50])}${filter}&branch=${BRANCH}`,
          token: u.token,
        };
      },
    },
    {
      kind: 'notifications',
      group: 'signed-in',
      weight: 6,
      make: () => {
        const u = user();
        return { path: `/trade/participant/${u.pid}/trade-notifications?branch=${BRANCH}`, token: u.token };
      },
    },
    {
      kind: 'saved searches',
      group: 'signed-in',
      weight: 4,
      make: () => {
        const u = user();
        return { path: `/trade/participant/${u.pid}/saved-searches?branch=${BRANCH}`, token: u.token };
      },
    },
    {
      kind: 'builds',
      group: 'signed-in',
      weight: 4,
      make: () => {
        const u = user();
        return { path: `/season/participant/${u.pid}/builds`, token: u.token };
      },
    },
    // Writes: 4 %. A saved search is created by one write and deleted by the next write of that player.
    {
      kind: 'saved search create/delete',
      group: 'write',
      weight: 2,
      make: () => {
        const u = savers.find((s) => s.saved.state === 'idle' || s.saved.state === 'created');
        if (!u) return undefined;
        const base = `/trade/participant/${u.pid}/saved-searches`;
        if (u.saved.state === 'created') {
          u.saved.state = 'deleting';
          return {
            kind: 'saved search delete',
            method: 'DELETE',
            path: `${base}/${u.saved.id}?branch=${BRANCH}`,
            token: u.token,
            after: (r) => {
              u.saved.state = r.status >= 200 && r.status < 300 ? 'idle' : 'created';
              if (u.saved.state === 'idle') u.saved.id = undefined;
            },
          };
        }
        u.saved.state = 'creating';
        return {
          kind: 'saved search create',
          method: 'POST',
          path: `${base}?branch=${BRANCH}`,
          token: u.token,
          decode: true,
          body: {
            name: `load ${Date.now()}`,
            rarity: pick(RARITIES),
            minLevel: 1,
            maxLevel: 100,
            itemType: null,
            searchTerm: null,
            filter: null,
          },
          after: (r) => {
            u.saved.state = 'idle';
            if (r.status >= 200 && r.status < 300) {
              try {
                u.saved.id = JSON.parse(r.text).savedSearchId;
                u.saved.state = 'created';
              } catch {
                /* an answer without an id: counted by the status alone */
              }
            }
          },
        };
      },
    },
    {
      kind: 'build update',
      group: 'write',
      weight: 2,
      make: () => {
        // One update of a player's build at a time (as one browser saves it); a second one at once is
        // refused 409 busy by design, which is not what this run measures.
        const u = ctx.users.find((x) => !x.buildBusy);
        if (!u) return undefined;
        u.buildBusy = true;
        buildN += 1;
        return {
          method: 'POST',
          path: '/season/build',
          token: u.token,
          body: { ...u.build, buildDescription: `Load run update ${buildN} at ${new Date().toISOString()}` },
          after: () => (u.buildBusy = false),
        };
      },
    },
  ];
}

// ----------------------------------------------------------------------------------------------- stats

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (v, d = 1) => (v === null || v === undefined || Number.isNaN(v) ? null : +v.toFixed(d));
function latencyOf(values) {
  const s = Float64Array.from(values).sort();
  return {
    count: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s.length ? s[s.length - 1] : null),
  };
}

// ------------------------------------------------------------------------------------------------- run

async function main() {
  mkdirSync(results, { recursive: true });
  const lib = await import(pathToFileURL(path.join(root, 'tools/scripts/lib.mjs')).href);
  if (!opts['no-build']) lib.ensureBuilt();
  try {
    lib.stack('status');
  } catch {
    say('an engine is not up: starting them as `npm start` does (tools/stack/dist/cli.js up)');
    lib.stack('up');
  }
  lib.seedDemo();
  const site = await startLoadSite(lib);
  bffOrigin = site.url;
  let ctx;
  const stopOnSignal = () => {
    say('interrupted: stopping the site');
    void stopLoadSite(site).then(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    ctx = await setup();
    say(
      `setup: ${ctx.seasonIds.length} seasons, ${ctx.itemIds.length} catalogue items (${ctx.itemPages} pages of 20), ` +
        `players ${ctx.users.map((u) => `${u.username} (participant ${u.pid})`).join(', ')} in ${ctx.tradeSeason.displayName}`,
    );
    const report = await drive(site, ctx);
    await cleanup(ctx);
    return report;
  } finally {
    agent.destroy();
    await stopLoadSite(site);
  }
}

async function drive(site, ctx) {
  const pids = appPids(site.child.pid);
  const missing = APPS.filter((a) => !pids[a]);
  if (missing.length)
    throw new Error(`no process found for ${missing.join(', ')} under the site (pid ${site.child.pid})`);
  say(`processes: ${APPS.map((a) => `${a} ${pids[a]}`).join(', ')}`);

  const rand = rng(18);
  const mix = kinds(ctx, rand);
  const totalWeight = mix.reduce((s, k) => s + k.weight, 0);
  const choose = () => {
    let r = rand() * totalWeight;
    for (const k of mix) if ((r -= k.weight) < 0) return k;
    return mix[0];
  };
  const fallback = mix.find((k) => k.kind === 'leaderboard');
  const clients = Array.from({ length: CLIENTS }, (_, i) => `198.51.100.${i + 1}`);

  const planned = Math.round((RATE * DURATION_MS) / 1000);
  const interval = 1000 / RATE;
  const stats = new Map(); // kind → { group, sent, ok, errors, statuses, latencies[] (after warm-up) }
  const errorSamples = [];
  let sent = 0;
  let answered = 0;
  let late = 0;
  let maxLag = 0;
  const lags = [];
  const lateFromSchedule = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const samples = [];
  const restarts = [];
  const engines = enginePids();
  const sample = (tMs) => {
    const now = appPids(site.child.pid);
    const row = { t: round(tMs / 1000, 0), at: new Date().toISOString(), processes: {}, cpuS: {} };
    for (const a of APPS) row.cpuS[a] = now[a] ? cpuSeconds(now[a]) : undefined;
    for (const [e, pid] of Object.entries(engines)) row.cpuS[e] = cpuSeconds(pid);
    const self = process.cpuUsage();
    row.cpuS['load generator'] = (self.user + self.system) / 1e6;
    for (const a of APPS) {
      if (now[a] !== pids[a]) restarts.push({ app: a, t: row.t, was: pids[a], now: now[a] ?? null });
      if (now[a]) pids[a] = now[a];
      const m = now[a] ? memory(now[a]) : undefined;
      row.processes[a] = m ? { pid: now[a], rssMB: round(m.rssMB), peakMB: round(m.peakMB) } : { pid: null };
    }
    samples.push(row);
  };

  const t0 = performance.now();
  sample(0);
  const sampler = setInterval(() => sample(performance.now() - t0), SAMPLE_MS);
  let lastProgress = t0;

  const fire = (n, scheduled) => {
    const now = performance.now();
    const lag = now - scheduled;
    lags.push(lag);
    if (lag > LATE_MS) late += 1;
    if (lag > maxLag) maxLag = lag;
    const k = choose();
    let spec = k.make();
    let kind = k.kind;
    let group = k.group;
    if (!spec) {
      spec = fallback.make();
      kind = fallback.kind;
      group = fallback.group;
    }
    if (spec.kind) kind = spec.kind;
    let st = stats.get(kind);
    if (!st) {
      st = { group, sent: 0, ok: 0, errors: 0, statuses: {}, latencies: [] };
      stats.set(kind, st);
    }
    st.sent += 1;
    sent += 1;
    inFlight += 1;
    if (inFlight > maxInFlight) maxInFlight = inFlight;
    const warm = scheduled - t0 >= WARMUP_MS;
    void send({ ...spec, client: clients[n % clients.length] }).then((r) => {
      inFlight -= 1;
      answered += 1;
      const key = r.status ? String(r.status) : 'network';
      st.statuses[key] = (st.statuses[key] ?? 0) + 1;
      const ok = (r.status >= 200 && r.status < 300) || (spec.expect ?? []).includes(r.status);
      if (ok) st.ok += 1;
      else {
        st.errors += 1;
        if (errorSamples.length < 50)
          errorSamples.push({
            kind,
            method: spec.method ?? 'GET',
            path: spec.path,
            status: r.status,
            error: r.error ?? r.text?.slice(0, 300),
            t: round((scheduled - t0) / 1000, 1),
          });
      }
      if (warm) {
        st.latencies.push(r.ms);
        lateFromSchedule.push(performance.now() - scheduled);
      }
      spec.after?.(r);
    });
  };

  say(
    `sending ${RATE} req/s for ${MINUTES} min (${planned} requests; warm-up ${WARMUP_MS / 1000} s; ` +
      `RSS every ${SAMPLE_MS / 1000} s; ${CLIENTS} client addresses)`,
  );
  await new Promise((resolve) => {
    let n = 0;
    const tick = () => {
      const now = performance.now();
      while (n < planned && t0 + n * interval <= now) {
        fire(n, t0 + n * interval);
        n += 1;
      }
      if (now - lastProgress >= 30_000) {
        lastProgress = now;
        const errs = [...stats.values()].reduce((s, v) => s + v.errors, 0);
        say(
          `  ${round((now - t0) / 1000, 0)} s: ${sent} sent, ${answered} answered, ${errs} errors, ${late} late, ${inFlight} in flight`,
        );
      }
      if (n >= planned) return resolve();
      setTimeout(tick, Math.max(0, t0 + n * interval - performance.now()));
    };
    tick();
  });
  const sendEnd = performance.now();
  // The last answers (each request has its own timeout).
  while (inFlight > 0 && performance.now() - sendEnd < TIMEOUT_MS + 5_000) await sleep(50);
  clearInterval(sampler);
  sample(performance.now() - t0);
  const elapsedS = (sendEnd - t0) / 1000;

  // RSS: start = the samples of the first minute after the warm-up, end = those of the last minute (each a
  // third of the measured time at most, at least one sample), each side's median: one sample alone is
  // mostly where the garbage collector happened to be. The first and last single samples are kept too.
  const start = samples.find((s) => s.t * 1000 >= WARMUP_MS) ?? samples[0];
  const end = samples[samples.length - 1];
  const spanS = Math.min(60, (end.t - start.t) / 3);
  const startSet = samples.filter((x) => x.t >= start.t && x.t < start.t + spanS);
  const endSet = samples.filter((x) => x.t > end.t - spanS && x.t <= end.t);
  if (startSet.length === 0) startSet.push(start);
  if (endSet.length === 0) endSet.push(end);
  const median = (vals) => {
    const v = vals.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    if (v.length === 0) return null;
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const rss = APPS.map((a) => {
    const s = median(startSet.map((x) => x.processes[a].rssMB));
    const e = median(endSet.map((x) => x.processes[a].rssMB));
    const series = samples.map((x) => x.processes[a].rssMB).filter((v) => Number.isFinite(v));
    const changePct = s && e ? round(((e - s) / s) * 100) : null;
    return {
      app: a,
      startMB: round(s),
      endMB: round(e),
      changePct,
      startSamples: startSet.length,
      endSamples: endSet.length,
      firstMB: start.processes[a].rssMB ?? null,
      lastMB: end.processes[a].rssMB ?? null,
      minMB: series.length ? Math.min(...series) : null,
      maxMB: series.length ? Math.max(...series) : null,
      peakMB: end.processes[a].peakMB ?? null,
      pass: changePct !== null && Math.abs(changePct) <= RSS_GOAL_PCT,
    };
  });

  // CPU: each process's share of one core between the warm-up sample and the end (a restart makes it unknown).
  const window = end.t - start.t;
  const cpu = Object.keys(end.cpuS).map((name) => {
    const used = end.cpuS[name] - start.cpuS[name];
    return { process: name, cpuPct: window > 0 && Number.isFinite(used) ? round((used / window) * 100) : null };
  });
  cpu.push({ process: 'all of them', cpuPct: round(cpu.reduce((s, c) => s + (c.cpuPct ?? 0), 0)) });

  const all = [];
  const perKind = [...stats.entries()].map(([kind, st]) => {
    all.push(...st.latencies);
    return {
      kind,
      group: st.group,
      sent: st.sent,
      ok: st.ok,
      errors: st.errors,
      statuses: st.statuses,
      latencyMs: latencyOf(st.latencies),
    };
  });
  const groupOrder = { public: 0, 'signed-in': 1, write: 2 };
  perKind.sort((a, b) => groupOrder[a.group] - groupOrder[b.group] || b.sent - a.sent);
  const errors = perKind.reduce((s, k) => s + k.errors, 0) + (sent - answered);
  const lagSorted = Float64Array.from(lags).sort();

  const goals = {
    errors: { goal: 0, figure: errors, pass: errors === 0 },
    rss: {
      goal: `each within ±${RSS_GOAL_PCT} % (median of the first minute after the warm-up vs of the last minute)`,
      pass: rss.every((r) => r.pass),
    },
    restarts: { goal: 0, figure: restarts.length, pass: restarts.length === 0 },
  };
  return {
    benchmark: 'load: mixed traffic through the BFF (issue 18)',
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    settings: {
      rate: RATE,
      minutes: MINUTES,
      warmupS: WARMUP_MS / 1000,
      sampleS: SAMPLE_MS / 1000,
      clientAddresses: CLIENTS,
      lateMs: LATE_MS,
      timeoutMs: TIMEOUT_MS,
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      players: ctx.users.map((u) => ({ username: u.username, participant: u.pid })),
      season: { id: ctx.tradeSeason.seasonId, name: ctx.tradeSeason.displayName },
      mix: mix.map((k) => ({ kind: k.kind, group: k.group, weightPct: round((k.weight / totalWeight) * 100) })),
    },
    requests: {
      planned,
      sent,
      answered,
      unanswered: sent - answered,
      errors,
      achievedRate: round(sent / elapsedS),
      late,
      dispatchLagMs: {
        p50: round(percentile(lagSorted, 50), 2),
        p99: round(percentile(lagSorted, 99), 2),
        max: round(maxLag, 1),
      },
      maxInFlight,
    },
    latencyMs: {
      note: 'send to last byte, requests scheduled after the warm-up',
      overall: latencyOf(all),
      fromSchedule: latencyOf(lateFromSchedule),
    },
    perKind,
    errorSamples,
    rss,
    cpu: { note: `% of one core (${os.cpus().length} cores), after the warm-up to the end`, processes: cpu },
    restarts,
    samples,
    goals,
    pass: Object.values(goals).every((g) => g.pass),
  };
}

function printReport(r) {
  const pad = (v, n) => String(v ?? '-').padStart(n);
  const line = (cells, widths) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[0]) : pad(c, widths[i]))).join('  ');
  const w = [28, 10, 8, 7, 8, 8, 8, 8];
  console.log('');
  console.log(
    `Load: ${r.settings.rate} req/s for ${r.settings.minutes} min through the BFF (achieved ${r.requests.achievedRate} req/s), ` +
      `${r.requests.sent} requests, ${r.requests.errors} errors, ${r.requests.late} late (> ${r.settings.lateMs} ms; dispatch lag p99 ` +
      `${r.requests.dispatchLagMs.p99} ms, max ${r.requests.dispatchLagMs.max} ms), at most ${r.requests.maxInFlight} in flight`,
  );
  console.log('');
  console.log(line(['kind', 'group', 'sent', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], w));
  for (const k of r.perKind)
    console.log(
      line([k.kind, k.group, k.sent, k.errors, k.latencyMs.p50, k.latencyMs.p95, k.latencyMs.p99, k.latencyMs.max], w),
    );
  const o = r.latencyMs.overall;
  console.log(line(['all (after warm-up)', '', o.count, r.requests.errors, o.p50, o.p95, o.p99, o.max], w));
  const f = r.latencyMs.fromSchedule;
  console.log(line(['all, from schedule', '', f.count, '', f.p50, f.p95, f.p99, f.max], w));
  console.log('');
  const w2 = [10, 12, 10, 10, 10, 10, 10];
  console.log(line(['process', 'start MB', 'end MB', 'change %', 'min MB', 'max MB', 'goal'], w2));
  for (const p of r.rss)
    console.log(line([p.app, p.startMB, p.endMB, p.changePct, p.minMB, p.maxMB, p.pass ? 'pass' : 'MISSED'], w2));
  console.log('');
  console.log(
    `CPU (% of one core, ${r.cpu.note.split(', ')[1]}): ${r.cpu.processes.map((c) => `${c.process} ${c.cpuPct ?? '-'}`).join(', ')}`,
  );
  console.log('');
  if (r.errorSamples.length) {
    console.log('first errors:');
    for (const e of r.errorSamples.slice(0, 10))
      console.log(`  ${e.t}s ${e.kind}: ${e.method} ${e.path} → ${e.status || 'network'} ${e.error ?? ''}`);
  }
  if (r.restarts.length) console.log(`restarted: ${r.restarts.map((x) => `${x.app} at ${x.t}s`).join(', ')}`);
  console.log(
    `goals: errors ${r.goals.errors.figure} (0) ${r.goals.errors.pass ? 'pass' : 'MISSED'}; RSS within ±${RSS_GOAL_PCT} % ` +
      `${r.goals.rss.pass ? 'pass' : 'MISSED'}; restarts ${r.goals.restarts.figure} ${r.goals.restarts.pass ? 'pass' : 'MISSED'}`,
  );
}

try {
  const report = await main();
  writeFileSync(path.join(results, 'load.json'), `${JSON.stringify(report, null, 2)}\n`);
  printReport(report);
  say(`wrote ${path.relative(root, path.join(results, 'load.json'))}`);
  process.exitCode = report.pass ? 0 : 1;
} catch (err) {
  console.error(`[load] failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
}
