// Chat fan-out benchmark: N connected hub clients in one channel, one sender; measures how long each
// message takes from the sender's Send to every member's ReceiveMessage (p50/p95/max), and the chat
// service's RSS (idle with N connections, and its peak). Runs the built chat service as a child process
// against the local stack; traffic stays on loopback. Goal (issue 19): p95 <= 50 ms with every message
// delivered. The baseline in the same run: a bare `ws` broadcast server (bench/raw-ws-broadcast.mjs, its own
// process) with the same number of clients and messages. Usage:
//   npx tsc -b services/chat && node bench/chat-fanout.mjs [--clients 1000] [--messages 20]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { WebSocket } = require('ws');
const { MongoClient } = require('mongodb');
const { issueTicket } = require(path.join(root, 'services/chat/dist/domain/ticket.js'));
const { encodePairs } = require(path.join(root, 'services/chat/dist/domain/encoding.js'));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg('clients', 1000);
const MESSAGES = arg('messages', 20);
const RS = '\u001e';
const SECRET = `bench-secret-${randomUUID()}`;
const run = randomUUID().slice(0, 8);
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
const MONGO_DB = `bench-chat-${run}`;

const rssKb = (pid, field) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  return Number(line?.split(/\s+/)[1] ?? 0);
};

async function waitHealthy(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('chat did not become ready');
}

/** A minimal hub client: handshake, GetConnectionId, JoinChannel; records ReceiveMessage arrival times. */
function client(base, name, onMessage) {
  return new Promise((resolve, reject) => {
    const { ticket } = issueTicket(SECRET, { username: name, id: name }, 3600);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/chat/t/${ticket}/`);
    let buffer = '';
    let stage = 0;
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const now = performance.now();
      buffer += data.toString();
      const parts = buffer.split(RS);
      buffer = parts.pop();
      for (const p of parts) {
        const m = JSON.parse(p);
        if (stage === 0) {
          stage = 1;
          ws.send(`${JSON.stringify({ type: 1, invocationId: '0', target: 'GetConnectionId', arguments: [] })}${RS}`);
        } else if (m.type === 3 && m.invocationId === '0') {
          ws.send(
            `${JSON.stringify({ type: 1, invocationId: '1', target: 'JoinChannel', arguments: [m.result, encodePairs(name), 0, 0x10] })}${RS}`,
          );
        } else if (m.type === 3 && m.invocationId === '1') {
          resolve(ws);
        } else if (m.type === 1 && m.target === 'ReceiveMessage') {
          onMessage(m.arguments, now);
        }
      }
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const GOAL_P95_MS = 50;

/** The same N clients and messages against a bare `ws` server that broadcasts every frame it receives. */
async function rawBroadcast() {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'bench/raw-ws-broadcast.mjs'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const clients = [];
  try {
    await new Promise((resolve, reject) => {
      server.stdout.once('data', resolve);
      server.once('exit', (code) => reject(new Error(`raw ws server exited (${code})`)));
    });
    const sent = new Map();
    const latencies = [];
    const connect = () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
        ws.on('error', reject);
        ws.on('open', () => resolve(ws));
        ws.on('message', (data) => {
          const now = performance.now();
          const t0 = sent.get(data.toString());
          if (t0 !== undefined) latencies.push(now - t0);
        });
      });
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(CLIENTS, i + 50); j += 1) batch.push(connect());
      clients.push(...(await Promise.all(batch)));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    for (let m = 0; m < MESSAGES; m += 1) {
      // About the size of a hub Send frame.
      const text = JSON.stringify({ type: 1, target: 'ReceiveMessage', arguments: [`bench${run}u0`, `raw ${m}`, 16] });
      const expected = latencies.length + CLIENTS;
      sent.set(text, performance.now());
      clients[0].send(text);
      const deadline = Date.now() + 10_000;
      while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 200));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      server: 'bench/raw-ws-broadcast.mjs (ws, every frame to every client)',
      deliveries: { expected: CLIENTS * MESSAGES, received: latencies.length },
      latencyMs: {
        p50: +percentile(sorted, 50).toFixed(1),
        p95: +percentile(sorted, 95).toFixed(1),
        max: +sorted[sorted.length - 1].toFixed(1),
      },
    };
  } finally {
    for (const ws of clients) ws.terminate();
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'services/chat/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MONGO_DB,
      CHAT_TICKET_SECRET: SECRET,
      CHAT_REDIS_PREFIX: `bench-chat-${run}:`,
      CHAT_FLOOD_MAX: '1000',
      KAFKA_CLIENT_ID: `bench-chat-${run}`,
      CHAT_CONSUMER_GROUP: `bench-chat-${run}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const sent = new Map();
  const latencies = [];
  const clients = [];
  try {
    await waitHealthy(base);
    const rssBefore = rssKb(child.pid, 'VmRSS');
    const onMessage = (args, at) => {
      const t0 = sent.get(args[1]);
      if (t0 !== undefined) latencies.push(at - t0);
    };
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(CLIENTS, i + 50); j += 1) batch.push(client(base, `bench${run}u${j}`, onMessage));
      clients.push(...(await Promise.all(batch)));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const rssConnected = rssKb(child.pid, 'VmRSS');
    const sender = clients[0];
    for (let m = 0; m < MESSAGES; m += 1) {
      const text = encodePairs(`bench message ${m}`);
      const expected = latencies.length + CLIENTS;
      sent.set(text, performance.now());
      sender.send(
        `${JSON.stringify({ type: 1, invocationId: `s${m}`, target: 'Send', arguments: [encodePairs(`bench${run}u0`), text, 16, ''] })}${RS}`,
      );
      const deadline = Date.now() + 10_000;
      while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 200));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      when: new Date().toISOString(),
      clients: CLIENTS,
      messages: MESSAGES,
      deliveries: { expected: CLIENTS * MESSAGES, received: latencies.length },
      latencyMs: {
        p50: +percentile(sorted, 50).toFixed(1),
        p95: +percentile(sorted, 95).toFixed(1),
        max: +sorted[sorted.length - 1].toFixed(1),
      },
      rssMb: {
        idleNoClients: +(rssBefore / 1024).toFixed(1),
        withClients: +(rssKb(child.pid, 'VmRSS') / 1024).toFixed(1),
        connectedBeforeSending: +(rssConnected / 1024).toFixed(1),
        peak: +(rssKb(child.pid, 'VmHWM') / 1024).toFixed(1),
      },
      note: 'latency = sender Send to each member ReceiveMessage, measured in the one client process holding every socket',
      goal: { p95Ms: GOAL_P95_MS, everyMessageDelivered: true },
    };
    result.met = result.latencyMs.p95 <= GOAL_P95_MS && result.deliveries.received === result.deliveries.expected;
    return result;
  } finally {
    for (const ws of clients) ws.terminate();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const mongo = await MongoClient.connect(MONGO_URL);
    await mongo
      .db(MONGO_DB)
      .dropDatabase()
      .catch(() => undefined);
    await mongo.close();
  }
}

async function all() {
  const result = await main();
  // The baseline runs after the chat service has stopped, so that the two never share the cores.
  result.rawWsBaseline = await rawBroadcast();
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/chat-fanout.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  const { deliveries, latencyMs } = result;
  console.log(
    `chat fan-out (${CLIENTS} clients): p95 ${latencyMs.p95} ms, ${deliveries.received}/${deliveries.expected} delivered ` +
      `(goal p95 <= ${GOAL_P95_MS} ms, every message delivered: ${result.met ? 'met' : 'MISSED'}); ` +
      `raw ws broadcast p95 ${result.rawWsBaseline.latencyMs.p95} ms`,
  );
}

all().catch((err) => {
  console.error(err);
  process.exit(1);
});
