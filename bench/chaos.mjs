// Chaos (issue 30): the site as a cluster runs it — two replicas of every service and of the BFF behind nginx
// (tools/stack/src/replicated.ts), on the three-broker Kafka cluster (`npm run stack -- up kafka-cluster`) —
// under ~200 req/s of mixed traffic for 10 minutes (browsing, season joins, admin uploads, trades, chat),
// while a loop SIGKILLs a random app replica or broker every 30 s and starts it again. Not part of CI or
// `npm run bench`: `npm run chaos` (under the engines' lock: `flock /tmp/league-engines.lock npm run chaos`).
//
// Goals: failed requests ≤ 0.1 % (only those in flight on a killed process); 0 items, trades or chat messages
// lost or duplicated, checked by totals at the end: every stash item and every Scrap of the traders is
// somewhere exactly once, every buyout the client saw accepted settled once with that buyer, every upload is
// ready once, every chat message the hub acknowledged is in the chat log once (and none twice). One line of
// figures per kill. A probe reads every app process's /health on its own port once a second; the run is cut
// into 10 s windows by when requests were sent (sent, failed by kind, p95, the slowest process on the probe,
// the last kill before), and each window with failures is printed. bench/results/chaos.json has every figure.
//
//   node bench/chaos.mjs [--minutes 10] [--rate 200] [--kill-every-s 30] [--outage-s 10] [--seed 30]
//                        [--no-build] [--keep-cluster] [--targets season-0,kafka-2,…]
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const results = path.join(here, 'results');
const { WebSocket } = require('ws');
const { MongoClient } = require('mongodb');
const { Kafka, logLevel } = require('kafkajs');

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    'kill-every-s': { type: 'string', default: '30' },
    'outage-s': { type: 'string', default: '10' },
    seed: { type: 'string', default: '30' },
    'no-build': { type: 'boolean', default: false },
    'keep-cluster': { type: 'boolean', default: false },
    targets: { type: 'string', default: '' },
  },
});
const MINUTES = Number(opts.minutes);
const RATE = Number(opts.rate);
const KILL_EVERY_MS = Number(opts['kill-every-s']) * 1000;
const OUTAGE_MS = Number(opts['outage-s']) * 1000;
const DURATION_MS = MINUTES * 60_000;
const NAME = 'chaos';
const SELLERS = 20;
const BUYERS = 40;
const JOINERS = 60;
const CHATTERS = 8;
const ITEMS_PER_SELLER = 10;
const PURSE = 100;
const PRICE = 10;
const TIMEOUT_MS = 15_000;
const R = 'records/items/';
const SWORD = `${R}gearweapons/swords1h/a06_sword01.dbr`;
const RING = `${R}gearaccessories/rings/d009_ring.dbr`;
const SCRAP = `${R}questitems/scrapmetal.dbr`;
const RS = '\u001e';

const say = (line) => console.log(`[chaos] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Seeded PRNG (mulberry32): the same kills and mix on every run with the same --seed. */
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
const rand = rng(Number(opts.seed));
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

// ------------------------------------------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });
let origin;
/** Every request: { t0, t1, ok, status, method, path, kind }, times in ms since the run's start. */
const requests = [];
let runStart = performance.now();
let inFlight = 0;
const now = () => performance.now() - runStart;

/** One request through nginx. Statuses in `expect` count as answered (a 409 a retried buyout may get). */
function send({ method = 'GET', path: p, token, body, raw, contentType, client, kind, expect = [], record = true }) {
  return new Promise((resolve) => {
    const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
    const headers = {
      accept: 'application/json',
      'accept-encoding': 'gzip, br',
      'x-forwarded-for': client ?? '198.51.100.250',
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = contentType ?? 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const entry = { t0: now(), method, path: p.replace(/\d{2,}/g, ':n'), kind };
    inFlight += 1;
    let settled = false;
    const done = (status, text, error) => {
      if (settled) return;
      settled = true;
      inFlight -= 1;
      clearTimeout(timer);
      entry.t1 = now();
      entry.status = status;
      entry.ok = (status >= 200 && status < 300) || expect.includes(status);
      if (!entry.ok) entry.error = error ?? text?.slice(0, 200);
      if (record) requests.push(entry);
      let json;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      resolve({ status, json, text, ok: entry.ok });
    };
    const req = http.request(`${origin}${p}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', (err) => done(0, undefined, err.message));
      res.on('end', () => {
        const enc = res.headers['content-encoding'];
        const buf = Buffer.concat(chunks);
        let text = '';
        try {
          const zlib = require('node:zlib');
          text = (
            enc === 'gzip' ? zlib.gunzipSync(buf) : enc === 'br' ? zlib.brotliDecompressSync(buf) : buf
          ).toString();
        } catch {
          text = '';
        }
        done(res.statusCode, text);
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    req.on('error', (err) => done(0, undefined, err.message));
    req.end(payload);
  });
}

async function must(spec) {
  for (let attempt = 1; ; attempt += 1) {
    const r = await send({ ...spec, record: false });
    if (r.ok) return r.json;
    if (attempt >= 5) throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${r.status} ${r.text?.slice(0, 200)}`);
    await sleep(1_000);
  }
}

// ------------------------------------------------------------------------------------------------- items

let itemSeed = 1;
/** A launcher stash item (the fields the launcher sends; see packages/contracts plainLauncherItem). */
function launcherItem(name, stackCount = 1) {
  const { plainLauncherItem } = require(path.join(root, 'packages/contracts/dist/index.js'));
  return plainLauncherItem(name, { itemSeed: 30_000_000 + itemSeed++, stackCount });
}

/** A valid mod archive of `bytes` random bytes (one stored entry), as the reliability uploads send. */
function modZip(bytes) {
  const { writeZip } = require(path.join(root, 'services/files/dist/formats/index.js'));
  return writeZip([{ name: 'blob.bin', data: randomBytes(bytes), store: true }]);
}

function multipart(fileName, bytes) {
  const boundary = `----chaos${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="modName"\r\n\r\nChaos\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    raw: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// ------------------------------------------------------------------------------------------------- setup

async function register(username, password, client) {
  await must({
    method: 'POST',
    path: '/api/account/register-user',
    body: { username, email: `${username}@example.com`, password },
    client,
  });
  const { access_token: token } = await must({
    method: 'POST',
    path: '/api/account/login',
    body: { username, password },
    client,
  });
  return { username, token, client };
}

async function join(user, seasonId) {
  const joined = await must({
    method: 'POST',
    path: `/api/season/add-participant/${seasonId}`,
    token: user.token,
    client: user.client,
  });
  user.pid = joined.seasonParticipantId;
  return user;
}

// ------------------------------------------------------------------------------------------------- run

async function main() {
  mkdirSync(results, { recursive: true });
  const lib = await import(pathToFileURL(path.join(root, 'tools/scripts/lib.mjs')).href);
  if (!opts['no-build']) lib.ensureBuilt();
  lib.stack('up');
  lib.stack('up', 'kafka-cluster');
  const stack = require(path.join(root, 'tools/stack/dist/index.js'));
  const settings = stack.loadSettings();
  const brokers = stack.kafkaClusterBrokers(settings);
  const kafkaAdmin = new Kafka({ clientId: 'chaos', brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
  await kafkaAdmin.connect();
  const urls = stack.engineUrls(settings);
  const mongo = await new MongoClient(urls.MONGO_URL).connect();

  // A clean deployment: its databases and topics from an earlier run dropped.
  for (const svc of stack.SERVICES)
    await mongo
      .db(`${NAME}-${svc}`)
      .dropDatabase()
      .catch(() => undefined);
  const old = (await kafkaAdmin.listTopics()).filter((t) => t.startsWith(`${NAME}.`));
  if (old.length) await kafkaAdmin.deleteTopics({ topics: old, timeout: 60_000 }).catch(() => undefined);

  const publicPort = await stack.freePort();
  const portBase = await stack.freePortBase();
  const site = new stack.ReplicatedSite({ name: NAME, publicPort, portBase, kafkaBrokers: brokers }, settings);
  origin = site.url;
  // The demo league in this deployment's databases: the seeds of `npm start` with its variables.
  for (const [svc, seed] of [
    ['account', 'services/account/dist/seed.js'],
    ['season', 'services/season/dist/seed.js'],
    ['season', 'services/season/dist/seed-catalogue.js'],
  ]) {
    const res = spawnSync(process.execPath, [path.join(root, seed)], {
      cwd: root,
      env: { ...process.env, ...site.envOf(svc), SEASON7_STARTS_NOW: '1' },
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`${seed} failed: ${res.stderr}`);
  }
  // Ctrl-C or a SIGTERM stops the apps and nginx too (they are this process's children).
  const interrupted = () => {
    say('interrupted: stopping the site');
    void site.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  await site.start();
  await site.waitReady();
  say(`site ready at ${site.url}: ${site.replicas.length} app processes behind nginx; Kafka ${brokers}`);

  try {
    return await drive(site, kafkaAdmin, mongo, stack);
  } finally {
    agent.destroy();
    await site.stop();
    await kafkaAdmin.disconnect();
    await mongo.close();
    if (!opts['keep-cluster']) lib.stack('down', 'kafka-cluster');
  }
}

/** Messages this deployment's consumer groups have not consumed yet (committed offset to end, every topic). */
async function consumerLag(kafkaAdmin) {
  const topics = (await kafkaAdmin.listTopics()).filter((t) => t.startsWith(`${NAME}.`));
  const ends = new Map();
  for (const topic of topics)
    for (const p of await kafkaAdmin.fetchTopicOffsets(topic)) ends.set(`${topic}/${p.partition}`, Number(p.high));
  let lag = 0;
  for (const { groupId } of (await kafkaAdmin.listGroups()).groups)
    for (const { topic, partitions } of await kafkaAdmin.fetchOffsets({ groupId, topics }))
      for (const p of partitions) {
        const committed = Number(p.offset);
        // -1: this group does not read the topic (or never committed on it)
        if (committed >= 0) lag += Math.max(0, (ends.get(`${topic}/${p.partition}`) ?? committed) - committed);
      }
  return lag;
}

/** Waits (at most `ms`) until every consumer group of the deployment has consumed what is there; the lag left. */
async function untilConsumed(kafkaAdmin, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const lag = await consumerLag(kafkaAdmin).catch(() => -1);
    if (lag === 0 || Date.now() > deadline) return lag;
    await sleep(1_000);
  }
}

async function drive(site, kafkaAdmin, mongo, stack) {
  const run = randomBytes(3).toString('hex');
  const password = `Chaos-${randomBytes(9).toString('base64url')}`;
  const latest = await must({ path: '/api/season/latest?includeChallenges=false&branch=prod' });
  const tradeSeason = latest.find((s) => s.seasonTypeId === 1 && !s.isBeta) ?? latest[0];
  const seasonIds = latest.map((s) => s.seasonId);
  const items = await must({ path: '/api/season/items?page=1&pageSize=100' });
  const itemIds = (items.items ?? items).map((i) => i.itemId);
  const adminPassword = readFileSync(path.join(root, '.local', 'admin-password.txt'), 'utf8').trim();
  const { access_token: adminToken } = await must({
    method: 'POST',
    path: '/api/account/login',
    body: { username: 'admin', password: adminPassword },
  });

  // Traders: sellers with items, buyers with Scrap, all joined and stocked before the first kill.
  const t0 = Date.now();
  let addr = 0;
  const nextClient = () => `198.51.100.${1 + (addr++ % 200)}`;
  const users = [];
  for (let i = 0; i < SELLERS + BUYERS + JOINERS + CHATTERS; i += 8) {
    const batch = [];
    for (let j = i; j < Math.min(i + 8, SELLERS + BUYERS + JOINERS + CHATTERS); j += 1)
      batch.push(register(`chaos${run}u${j}`, password, nextClient()));
    users.push(...(await Promise.all(batch)));
  }
  const sellers = users.slice(0, SELLERS);
  const buyers = users.slice(SELLERS, SELLERS + BUYERS);
  const joiners = users.slice(SELLERS + BUYERS, SELLERS + BUYERS + JOINERS);
  const chatters = users.slice(SELLERS + BUYERS + JOINERS);
  for (const u of [...sellers, ...buyers]) await join(u, tradeSeason.seasonId);
  for (const s of sellers) {
    const stock = Array.from({ length: ITEMS_PER_SELLER }, (_, k) => launcherItem(k % 2 ? SWORD : RING));
    await must({
      method: 'POST',
      path: `/api/season/participant/${s.pid}/stash?branch=prod`,
      token: s.token,
      body: stock,
      client: s.client,
    });
  }
  for (const b of buyers)
    await must({
      method: 'POST',
      path: `/api/season/participant/${b.pid}/stash?branch=prod`,
      token: b.token,
      body: [launcherItem(SCRAP, PURSE)],
      client: b.client,
    });
  const seasonDb = mongo.db(`${NAME}-season`);
  const tradeDb = mongo.db(`${NAME}-trade`);
  const traderIds = [...sellers, ...buyers].map((u) => u.pid);
  const totals = async () => {
    const out = {};
    for (const i of await seasonDb
      .collection('stashItems')
      .find({ seasonParticipantId: { $in: traderIds }, gone: false })
      .toArray())
      out[i.item.name] = (out[i.item.name] ?? 0) + i.stackCount;
    for (const w of await seasonDb
      .collection('stashes')
      .find({ _id: { $in: traderIds } })
      .toArray())
      for (const [c, v] of Object.entries(w.balances ?? {})) if (v) out[c] = (out[c] ?? 0) + v;
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  };
  // Trade must know every trader, the sellers' items and the buyers' balances before listing.
  for (const deadline = Date.now() + 240_000; ;) {
    const known = await tradeDb.collection('participants').countDocuments({ _id: { $in: traderIds } });
    const wallets = await tradeDb.collection('currencies').countDocuments({ _id: { $in: buyers.map((b) => b.pid) } });
    const stock = await tradeDb
      .collection('stashItems')
      .countDocuments({ seasonParticipantId: { $in: sellers.map((s) => s.pid) } });
    if (known === traderIds.length && wallets === buyers.length && stock >= SELLERS * ITEMS_PER_SELLER) break;
    if (Date.now() > deadline)
      throw new Error(
        `trade knows ${known}/${traderIds.length} traders, ${wallets}/${buyers.length} wallets, ${stock} items`,
      );
    await sleep(1_000);
  }
  const before = await totals();
  for (const s of sellers)
    s.items = (await seasonDb.collection('stashItems').find({ seasonParticipantId: s.pid, gone: false }).toArray()).map(
      (d) => d._id,
    );
  for (const b of buyers) b.scrap = PURSE;
  // The setup's own burst (128 registrations, 40 joins, 40 uploads) is consumed before the clock starts: the
  // mixed load and the kills are measured on a site that has caught up, not on the setup's backlog.
  const catchingUp = Date.now();
  const lagLeft = await untilConsumed(kafkaAdmin, 180_000);
  say(`setup's events consumed in ${((Date.now() - catchingUp) / 1000).toFixed(1)} s (lag left ${lagLeft})`);
  say(
    `setup: ${users.length} users registered, ${traderIds.length} traders stocked in ${((Date.now() - t0) / 1000).toFixed(0)} s; totals ${JSON.stringify(before)}`,
  );

  runStart = performance.now();
  const stopAt = DURATION_MS;
  const running = () => now() < stopAt;

  // -------- chat: clients through nginx and the BFFs; each sends a numbered message every 2 s
  const chat = { sent: 0, acked: new Set(), unacked: new Set(), reconnects: 0, texts: new Map() };
  const { encodePairs } = require(path.join(root, 'services/chat/dist/domain/encoding.js'));
  const chatClient = async (u) => {
    let n = 0;
    while (running()) {
      const r = await send({ path: '/api/chat/url', token: u.token, client: u.client, kind: 'chat url' });
      const ticket = /\/chat\/t\/([^/]+)\//.exec(r.json?.url ?? '')?.[1];
      if (!ticket) {
        await sleep(1_000);
        continue;
      }
      await new Promise((resolve) => {
        const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/chat/t/${ticket}/`);
        const pending = new Map();
        let timer;
        let stage = 0;
        let buffer = '';
        const finish = () => {
          clearInterval(timer);
          for (const nonce of pending.values()) chat.unacked.add(nonce);
          resolve();
        };
        ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
        ws.on('error', () => undefined);
        ws.on('close', finish);
        ws.on('message', (data) => {
          buffer += data.toString();
          const parts = buffer.split(RS);
          buffer = parts.pop();
          for (const p of parts) {
            const m = JSON.parse(p);
            if (stage === 0) {
              stage = 1;
              ws.send(
                `${JSON.stringify({ type: 1, invocationId: 'c', target: 'GetConnectionId', arguments: [] })}${RS}`,
              );
            } else if (m.type === 3 && m.invocationId === 'c') {
              ws.send(
                `${JSON.stringify({ type: 1, invocationId: 'j', target: 'JoinChannel', arguments: [m.result, encodePairs(u.username), 0, 0x10] })}${RS}`,
              );
            } else if (m.type === 3 && m.invocationId === 'j') {
              timer = setInterval(() => {
                if (!running()) return ws.close();
                const nonce = `chaos ${run} ${u.username} ${n++}`;
                const id = `s${n}`;
                pending.set(id, nonce);
                chat.sent += 1;
                chat.texts.set(nonce, u.username);
                ws.send(
                  `${JSON.stringify({ type: 1, invocationId: id, target: 'Send', arguments: [encodePairs(u.username), encodePairs(nonce), 16, ''] })}${RS}`,
                );
              }, 2_000);
            } else if (m.type === 3 && pending.has(m.invocationId)) {
              const nonce = pending.get(m.invocationId);
              pending.delete(m.invocationId);
              if (m.error) chat.unacked.add(nonce);
              else chat.acked.add(nonce);
            } else if (m.type === 7) {
              ws.close();
            }
          }
        });
      });
      if (running()) {
        chat.reconnects += 1;
        await sleep(500);
      }
    }
  };

  // -------- trades: a listing, then its buyout, every 1.5 s; a client retries what got no answer
  const trades = [];
  const trader = async () => {
    let k = 0;
    while (running()) {
      const seller = sellers[k % sellers.length];
      const buyer = buyers.find((b) => b.scrap >= PRICE && !b.busy);
      const itemId = seller.items.pop();
      k += 1;
      if (!buyer || itemId === undefined) break;
      buyer.busy = true;
      const t = { seller: seller.pid, buyer: buyer.pid, itemId, listingId: undefined, bought: false, attempts: 0 };
      trades.push(t);
      void (async () => {
        try {
          // The listing: retried only when the seller's listings do not show it (no answer, or a 5xx).
          for (let attempt = 0; t.listingId === undefined && attempt < 20; attempt += 1) {
            const r = await send({
              method: 'POST',
              path: `/api/trade/participant/${seller.pid}/list-trade?branch=prod`,
              token: seller.token,
              client: seller.client,
              kind: 'trade list',
              body: {
                participantItemId: itemId,
                count: 1,
                askingCurrency: 'Scrap',
                askingPrice: PRICE,
                sellerComment: null,
              },
            });
            if (r.status === 200) t.listingId = r.json.tradeListingId;
            else {
              const open = await tradeDb
                .collection('listings')
                .findOne({ seasonParticipantId: seller.pid, participantItemId: itemId });
              if (open) t.listingId = open._id;
              else await sleep(1_000);
            }
          }
          if (t.listingId === undefined) return;
          for (; t.attempts < 20 && !t.bought;) {
            t.attempts += 1;
            const r = await send({
              method: 'POST',
              path: `/api/trade/participant/${buyer.pid}/buyout?branch=prod`,
              token: buyer.token,
              client: buyer.client,
              kind: 'trade buyout',
              body: { tradeListingId: t.listingId },
              expect: t.attempts > 1 ? [409] : [],
            });
            if (r.status === 200 || (r.status === 409 && t.attempts > 1)) t.bought = true;
            else await sleep(1_000);
          }
          if (t.bought) buyer.scrap -= PRICE;
        } finally {
          buyer.busy = false;
        }
      })();
      await sleep(1_500);
    }
  };

  // -------- uploads: a 64 KiB mod archive every 6 s by the admin; sent again unless it arrived
  const uploads = [];
  const uploader = async () => {
    for (let n = 0; running(); n += 1) {
      const u = { name: `Chaos${run}_${n}.zip`, bytes: modZip(64 * 1024), answers: [] };
      uploads.push(u);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const { raw, contentType } = multipart(u.name, u.bytes);
        const r = await send({
          method: 'POST',
          path: '/api/file?branch=beta',
          token: adminToken,
          raw,
          contentType,
          kind: 'upload',
        });
        u.answers.push(r.status);
        if (r.status === 200) break;
        if ((await mongo.db(`${NAME}-files`).collection('files').countDocuments({ fileName: u.name })) > 0) break;
        await sleep(1_000);
      }
      await sleep(6_000);
    }
  };

  // -------- joins: the joiners join Season 7's trade ladder, one every 4 s
  const joins = [];
  const joiner = async () => {
    for (const u of joiners) {
      if (!running()) break;
      const r = await send({
        method: 'POST',
        path: `/api/season/add-participant/${tradeSeason.seasonId}`,
        token: u.token,
        client: u.client,
        kind: 'join',
        expect: [409],
      });
      joins.push({ user: u.username, status: r.status });
      await sleep(4_000);
    }
  };

  // -------- browsing: the rest of the rate, open loop (public reads, signed-in reads, the static files)
  const assets =
    readFileSync(path.join(root, 'frontend', 'dist', 'index.html'), 'utf8').match(/\/assets\/[^"']+/g) ?? [];
  const reads = [
    [
      12,
      () => ({
        path: `/api/season/latest?includeChallenges=true&includeParticipants=true&branch=prod`,
        kind: 'seasons',
      }),
    ],
    [20, () => ({ path: `/api/season/${pick(seasonIds)}/leaderboard`, kind: 'leaderboard' })],
    [10, () => ({ path: `/api/season/items?page=${1 + Math.floor(rand() * 5)}&pageSize=20`, kind: 'catalogue' })],
    [10, () => ({ path: `/api/season/item/${pick(itemIds)}`, kind: 'catalogue item' })],
    [8, () => ({ path: `/api/file/filenames?v=v1&branch=prod&region=us`, kind: 'files list' })],
    [8, () => ({ path: pick(['/', ...assets]), kind: 'static' })],
    [
      8,
      () => {
        const u = pick([...sellers, ...buyers]);
        return { path: `/api/season/profile?branch=prod`, token: u.token, client: u.client, kind: 'profile' };
      },
    ],
    [
      8,
      () => {
        const u = pick([...sellers, ...buyers]);
        return {
          path: `/api/season/participant/${u.pid}/stash?page=1&pageSize=20&branch=prod`,
          token: u.token,
          client: u.client,
          kind: 'stash',
        };
      },
    ],
    [
      10,
      () => {
        const u = pick(buyers);
        return {
          path: `/api/trade/trade-search?seasonParticipantId=${u.pid}&page=1&pageSize=20&branch=prod`,
          token: u.token,
          client: u.client,
          kind: 'trade search',
        };
      },
    ],
    [
      6,
      () => {
        const u = pick([...sellers, ...buyers]);
        return {
          path: `/api/trade/participant/${u.pid}/trade-notifications?branch=prod`,
          token: u.token,
          client: u.client,
          kind: 'notifications',
        };
      },
    ],
  ];
  const weight = reads.reduce((s, [w]) => s + w, 0);
  const chooseRead = () => {
    let r = rand() * weight;
    for (const [w, make] of reads) if ((r -= w) < 0) return make();
    return reads[0][1]();
  };
  const browser = async () => {
    // About 10 req/s are the loops above (chat URLs aside, chat is on its sockets); the reads make up the rest.
    const readRate = Math.max(1, RATE - 10);
    const interval = 1000 / readRate;
    let n = 0;
    while (running()) {
      const due = n * interval;
      while (n * interval <= now() && running()) {
        const spec = chooseRead();
        void send({ ...spec, client: spec.client ?? `198.51.100.${1 + (n % 200)}` });
        n += 1;
      }
      await sleep(Math.max(1, due + interval - now()));
    }
  };

  // -------- the kills: every 30 s a random replica or broker, SIGKILL, then started again
  const kills = [];
  const lines = [];
  const everyTarget = [...site.replicas.map((r) => r.id), 'kafka-1', 'kafka-2', 'kafka-3'];
  // --targets season-0,kafka-2,… kills only those (to reproduce what one kind of kill does).
  const chosen = opts.targets.split(',').filter(Boolean);
  const unknown = chosen.filter((t) => !everyTarget.includes(t));
  if (unknown.length) throw new Error(`--targets: no ${unknown.join(', ')} (there are ${everyTarget.join(', ')})`);
  const targets = chosen.length ? chosen : everyTarget;
  const urp = async () => {
    const { topics } = await kafkaAdmin.fetchTopicMetadata();
    return topics.reduce((n, t) => n + t.partitions.filter((p) => p.isr.length < p.replicas.length).length, 0);
  };
  const killer = async () => {
    for (let k = 1; ; k += 1) {
      // Every 30 s of the run's clock; a kill whose restart ran late is followed by the next at once.
      const at = k * KILL_EVERY_MS;
      if (at > stopAt - 20_000 || now() > stopAt - 20_000) break;
      await sleep(Math.max(0, at - now()));
      const target = pick(targets);
      const kill = { n: k, target, at: now(), inFlight };
      kills.push(kill);
      if (target.startsWith('kafka-')) {
        const row = (await stack.status(stack.loadSettings(), [target]))[0];
        kill.pid = row?.pid;
        process.kill(row.pid, 'SIGKILL');
        await sleep(OUTAGE_MS);
        const t = performance.now();
        // Awaited, never spawnSync: this process is also the load and the site's supervisor. Blocked for the
        // broker's start (5-7 s), it sent nothing, read no answer and drained no app's pipe, then fired the
        // requests it owed all at once: the bursts of 15 s timeouts after a broker's return were that.
        await stack.up([target], () => undefined).catch((err) => (kill.error = err.message));
        kill.backMs = Math.round(performance.now() - t);
        const t2 = performance.now();
        while ((await urp().catch(() => 1)) > 0 && performance.now() - t2 < 120_000) await sleep(500);
        kill.urpZeroMs = Math.round(performance.now() - t2);
      } else {
        kill.pid = site.kill(target);
        kill.backMs = await site.waitReplicaReady(target, 120_000, kill.pid).catch(() => -1);
        kill.newPid = site.replica(target).child?.pid;
      }
      // Failures that ended within 10 s of the kill (the ones in flight on the killed process end then).
      await sleep(Math.max(0, kill.at + 10_000 - now()));
      const near = requests.filter((r) => !r.ok && r.t1 >= kill.at && r.t1 <= kill.at + 10_000);
      kill.failed = near.length;
      kill.failedKinds = [...new Set(near.map((r) => `${r.method} ${r.path} ${r.status || r.error}`))].slice(0, 3);
      const line =
        `kill ${k} at ${(kill.at / 1000).toFixed(0)} s: ${target} (pid ${kill.pid}) SIGKILL with ${kill.inFlight} requests in flight; ` +
        (target.startsWith('kafka-')
          ? `started again after ${OUTAGE_MS / 1000} s, healthy in ${kill.backMs} ms, under-replicated partitions 0 ${kill.urpZeroMs} ms later`
          : `restarted as pid ${kill.newPid}, ready ${kill.backMs} ms after the kill`) +
        `; ${kill.failed} failed requests in the 10 s after${kill.failed ? ` (${kill.failedKinds.join('; ')})` : ''}` +
        (kill.error ? `; ERROR ${kill.error}` : '');
      lines.push(line);
      say(line);
    }
  };

  // -------- the probe: every app process's /health on its own port once a second, past nginx and the BFFs,
  // so that a window of failed requests shows whether a process itself stopped answering (and which one).
  const probes = [];
  const probeAgent = new http.Agent({ keepAlive: true });
  const probeOnce = (r) =>
    new Promise((resolve) => {
      const t0 = now();
      const req = http.get(`http://127.0.0.1:${r.port}/health`, { agent: probeAgent, timeout: 5_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve({ t: t0, id: r.id, ms: Math.round(now() - t0), ok: res.statusCode === 200 }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ t: t0, id: r.id, ms: Math.round(now() - t0), ok: false }));
    });
  const prober = async () => {
    while (running()) {
      const started = now();
      probes.push(...(await Promise.all(site.replicas.map(probeOnce))));
      await sleep(Math.max(0, 1_000 - (now() - started)));
    }
    probeAgent.destroy();
  };

  say(`running ${MINUTES} min at ~${RATE} req/s; a kill every ${KILL_EVERY_MS / 1000} s`);
  const progress = setInterval(() => {
    const failed = requests.filter((r) => !r.ok).length;
    say(
      `  ${(now() / 1000).toFixed(0)} s: ${requests.length} answered, ${failed} failed, ${inFlight} in flight; ${trades.filter((t) => t.bought).length} trades, ${uploads.length} uploads, ${chat.acked.size} chat messages`,
    );
  }, 60_000);
  await Promise.all([browser(), trader(), uploader(), joiner(), killer(), prober(), ...chatters.map(chatClient)]);
  clearInterval(progress);
  while (inFlight > 0) await sleep(100);
  const elapsedS = now() / 1000;

  // -------- totals at the end
  say('checking totals…');
  const bought = trades.filter((t) => t.bought);
  let settled = [];
  for (const deadline = Date.now() + 300_000; ;) {
    settled = await tradeDb
      .collection('listings')
      .find({ _id: { $in: bought.map((t) => t.listingId) } })
      .toArray();
    if (settled.every((l) => l.state === 'closed') && settled.length === bought.length) break;
    if (Date.now() > deadline) break;
    await sleep(2_000);
  }
  const byId = new Map(settled.map((l) => [l._id, l]));
  const tradeProblems = bought.flatMap((t) => {
    const l = byId.get(t.listingId);
    return l?.state === 'closed' && l.closedReason === 'settled' && l.settlement?.buyerParticipantId === t.buyer
      ? []
      : [`listing ${t.listingId}: ${l?.state}/${l?.closedReason}`];
  });
  const settlements = await seasonDb.collection('settlements').find({}).toArray();
  const perSettlement = new Map();
  for (const s of settlements) perSettlement.set(s._id, (perSettlement.get(s._id) ?? 0) + 1);
  const notDone = settlements.filter((s) => s.state !== 'done').length;
  for (let i = 0; i < 60 && JSON.stringify(await totals()) !== JSON.stringify(before); i += 1) await sleep(2_000);
  const after = await totals();
  const itemHolders = new Map();
  for (const d of await seasonDb
    .collection('stashItems')
    .find({ seasonParticipantId: { $in: traderIds }, gone: false })
    .toArray())
    itemHolders.set(d._id, (itemHolders.get(d._id) ?? 0) + 1);
  const soldItemProblems = bought.filter((t) => itemHolders.get(t.itemId) !== 1).map((t) => t.itemId);

  const fileRecords = await mongo
    .db(`${NAME}-files`)
    .collection('files')
    .find({ fileName: { $in: uploads.map((u) => u.name) } })
    .toArray();
  for (let i = 0; i < 60 && fileRecords.some((r) => r.status === 'processing'); i += 1) {
    await sleep(2_000);
    fileRecords.splice(
      0,
      fileRecords.length,
      ...(await mongo
        .db(`${NAME}-files`)
        .collection('files')
        .find({ fileName: { $in: uploads.map((u) => u.name) } })
        .toArray()),
    );
  }
  const uploadProblems = uploads.flatMap((u) => {
    const recs = fileRecords.filter((r) => r.fileName === u.name);
    const accepted = u.answers.includes(200);
    if (recs.length > 1) return [`${u.name}: ${recs.length} records`];
    if (recs.length === 1 && recs[0].status !== 'ready') return [`${u.name}: ${recs[0].status}`];
    if (recs.length === 0 && accepted) return [`${u.name}: accepted but no record`];
    return [];
  });

  const logged = await mongo
    .db(`${NAME}-chat`)
    .collection('chat_messages')
    .find({ message: { $regex: `^chaos ${run} ` } }, { projection: { message: 1 } })
    .toArray();
  const stored = new Map();
  for (const m of logged) stored.set(m.message, (stored.get(m.message) ?? 0) + 1);
  const chatLost = [...chat.acked].filter((n) => !stored.has(n));
  const chatDoubled = [...stored].filter(([, c]) => c > 1).map(([n]) => n);

  const total = requests.length;
  const failed = requests.filter((r) => !r.ok);
  const attributed = failed.filter((r) => kills.some((k) => r.t1 >= k.at && r.t1 <= k.at + 10_000));
  const failedPct = total ? (failed.length / total) * 100 : 0;
  const byKind = {};
  for (const r of requests) {
    const k = (byKind[r.kind] ??= { sent: 0, failed: 0, ms: [] });
    k.sent += 1;
    if (!r.ok) k.failed += 1;
    k.ms.push(r.t1 - r.t0);
  }
  const p = (arr, q) => {
    const s = [...arr].sort((a, b) => a - b);
    return s.length ? +s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)].toFixed(1) : null;
  };
  // The run in 10 s windows by when requests were sent: what was sent and failed (by kind), their p95, the
  // slowest process on the probe and the last kill before the window's end.
  const WINDOW_MS = 10_000;
  const windows = [];
  for (let at = 0; at < elapsedS * 1000; at += WINDOW_MS) {
    const sent = requests.filter((r) => r.t0 >= at && r.t0 < at + WINDOW_MS);
    const bad = sent.filter((r) => !r.ok);
    const failedKinds = {};
    for (const r of bad) failedKinds[r.kind] = (failedKinds[r.kind] ?? 0) + 1;
    const probed = probes.filter((x) => x.t >= at && x.t < at + WINDOW_MS);
    const slowest = probed.reduce((m, x) => (!m || x.ms > m.ms ? x : m), undefined);
    const kill = kills.filter((k) => k.at < at + WINDOW_MS).at(-1);
    windows.push({
      from: at / 1000,
      sent: sent.length,
      failed: bad.length,
      failedKinds,
      p95: p(
        sent.map((r) => (r.t1 ?? r.t0) - r.t0),
        95,
      ),
      slowestProbe: slowest ? `${slowest.id} ${slowest.ok ? `${slowest.ms} ms` : 'no answer'}` : null,
      unanswered: [...new Set(probed.filter((x) => !x.ok).map((x) => x.id))],
      lastKill: kill ? `${kill.target} at ${(kill.at / 1000).toFixed(0)} s` : null,
    });
  }
  const probeByApp = {};
  for (const x of probes) (probeByApp[x.id.replace(/-\d+$/, '')] ??= []).push(x);
  const report = {
    benchmark: 'chaos: the replicated site on the three-broker cluster under mixed load, a kill every 30 s (issue 30)',
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    settings: {
      minutes: MINUTES,
      rate: RATE,
      killEveryS: KILL_EVERY_MS / 1000,
      outageS: OUTAGE_MS / 1000,
      seed: Number(opts.seed),
      replicas: 2,
    },
    requests: {
      total,
      achievedRate: +(total / elapsedS).toFixed(1),
      failed: failed.length,
      failedPct: +failedPct.toFixed(3),
      failedWithin10sOfAKill: attributed.length,
      failedSamples: failed.slice(0, 20),
      p50: p(
        requests.map((r) => r.t1 - r.t0),
        50,
      ),
      p99: p(
        requests.map((r) => r.t1 - r.t0),
        99,
      ),
      byKind: Object.fromEntries(
        Object.entries(byKind).map(([k, v]) => [
          k,
          { sent: v.sent, failed: v.failed, p50: p(v.ms, 50), p99: p(v.ms, 99) },
        ]),
      ),
    },
    kills: lines,
    probe: Object.fromEntries(
      Object.entries(probeByApp).map(([app, xs]) => [
        app,
        {
          probes: xs.length,
          p99: p(
            xs.filter((x) => x.ok).map((x) => x.ms),
            99,
          ),
          max: Math.max(0, ...xs.filter((x) => x.ok).map((x) => x.ms)),
          unanswered: xs.filter((x) => !x.ok).length,
        },
      ]),
    ),
    windows,
    trades: {
      attempted: trades.length,
      bought: bought.length,
      settledOnce: bought.length - tradeProblems.length,
      problems: tradeProblems,
      settlements: settlements.length,
      settlementsNotDone: notDone,
      soldItemProblems,
    },
    totals: { before, after, equal: JSON.stringify(before) === JSON.stringify(after) },
    uploads: {
      sent: uploads.length,
      records: fileRecords.length,
      ready: fileRecords.filter((r) => r.status === 'ready').length,
      problems: uploadProblems,
    },
    chat: {
      sent: chat.sent,
      acked: chat.acked.size,
      unacked: chat.unacked.size,
      stored: logged.length,
      lost: chatLost.length,
      doubled: chatDoubled.length,
      reconnects: chat.reconnects,
    },
    joins: {
      sent: joins.length,
      ok: joins.filter((j) => j.status === 200).length,
      statuses: joins.reduce((o, j) => ((o[j.status] = (o[j.status] ?? 0) + 1), o), {}),
    },
    restarts: site.replicas.map((r) => `${r.id}:${r.starts - 1}`),
  };
  report.goals = {
    failedRequests: { goal: '≤ 0.1 %', figure: report.requests.failedPct, pass: failedPct <= 0.1 },
    trades: {
      goal: 'every accepted buyout settled once with its buyer',
      pass: tradeProblems.length === 0 && notDone === 0 && soldItemProblems.length === 0,
    },
    items: { goal: 'totals before = after', pass: report.totals.equal },
    uploads: { goal: 'every upload ready once', pass: uploadProblems.length === 0 },
    chat: {
      goal: 'every acknowledged message stored once, none twice',
      pass: chatLost.length === 0 && chatDoubled.length === 0,
    },
  };
  report.pass = Object.values(report.goals).every((g) => g.pass);
  return report;
}

try {
  const report = await main();
  writeFileSync(path.join(results, 'chaos.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('');
  for (const line of report.kills) console.log(line);
  console.log('');
  const r = report.requests;
  console.log(
    `requests: ${r.total} at ${r.achievedRate} req/s, ${r.failed} failed (${r.failedPct} %; ${r.failedWithin10sOfAKill} within 10 s of a kill), p50 ${r.p50} ms, p99 ${r.p99} ms`,
  );
  console.log(
    `trades: ${report.trades.bought} bought, ${report.trades.settledOnce} settled once, ${report.trades.settlements} settlements (${report.trades.settlementsNotDone} not done); totals equal: ${report.totals.equal}`,
  );
  console.log(
    `uploads: ${report.uploads.sent} sent, ${report.uploads.ready} ready, problems ${report.uploads.problems.length}`,
  );
  console.log(
    `chat: ${report.chat.sent} sent, ${report.chat.acked} acknowledged, ${report.chat.stored} stored, ${report.chat.lost} lost, ${report.chat.doubled} doubled, ${report.chat.reconnects} reconnects`,
  );
  console.log(`joins: ${JSON.stringify(report.joins.statuses)}; restarts ${report.restarts.join(' ')}`);
  console.log(
    `probe (/health of each process, once a second): ${Object.entries(report.probe)
      .map(([app, x]) => `${app} p99 ${x.p99} ms, max ${x.max} ms, ${x.unanswered} unanswered`)
      .join('; ')}`,
  );
  for (const w of report.windows.filter((x) => x.failed > 0))
    console.log(
      `sent at ${w.from}-${w.from + 10} s: ${w.failed} of ${w.sent} failed ${JSON.stringify(w.failedKinds)}; p95 ${w.p95} ms; last kill ${w.lastKill ?? 'none'}; slowest process on the probe ${w.slowestProbe}${w.unanswered.length ? `; not answering: ${w.unanswered.join(', ')}` : ''}`,
    );
  console.log(
    `goals: ${Object.entries(report.goals)
      .map(([k, g]) => `${k} ${g.pass ? 'pass' : 'MISSED'}`)
      .join(', ')}`,
  );
  process.exitCode = report.pass ? 0 : 1;
} catch (err) {
  console.error(`[chaos] failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
}
