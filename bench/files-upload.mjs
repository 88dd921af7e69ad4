// Benchmark: a 1 GiB upload through the BFF into the files service (MinIO behind it).
// Measures the upload's throughput, the processing time (fetch + hash + validate), and the peak RSS
// (VmHWM) of the BFF and the files service, each in its own process, less its idle RSS (VmRSS once ready).
// Goal (issue 19): peak minus idle <= 64 MB each. The baseline in the same run: copying a file of the same
// size on disk (a stream copy, as the bytes pass through a process, and fs.copyFile), before the services
// start.
//
//   npx tsc -b tsconfig.build.json && node bench/files-upload.mjs [MiB]
//
// Needs the local stack (`npm run stack -- up`). Uses its own database, buckets and queues; writes
// bench/results/files-upload.json.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { createRequire } from 'node:module';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as Minio from 'minio';
import { MongoClient } from 'mongodb';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The engines' addresses as `npm run stack` has them (NODE_ENV=production insists on every one being set).
const { engineUrlsFor, loadSettings } = createRequire(import.meta.url)(path.join(root, 'tools/stack/dist/settings.js'));
const engines = engineUrlsFor(loadSettings());
const MIB = 1024 * 1024;
const size = Number(process.argv[2] ?? 1024) * MIB;
const tag = randomUUID().slice(0, 8);
const GOAL_GROWTH_MB = 64;

async function identity() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'EdDSA', use: 'sig' };
  const server = http.createServer((_q, r) => r.end(JSON.stringify({ keys: [jwk] })));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const token = await new SignJWT({ username: 'bench-admin', roles: ['admin'], role: 'admin' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
    .setIssuer('grim-league')
    .setAudience('grim-league-api')
    .setSubject('bench-admin')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return { url: `http://127.0.0.1:${server.address().port}/.well-known/jwks.json`, token, server };
}

function run(name, script, env) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
  return child;
}

async function waitReady(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}) during start`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

const statusKb = (pid, field) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]) * 1024;
};
const peakRss = (pid) => statusKb(pid, 'VmHWM');
const rss = (pid) => statusKb(pid, 'VmRSS');

/** Baseline: a file of `bytes` written to the temp directory, then copied twice on disk, timed. */
async function diskCopy(block, count) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-copy-'));
  try {
    const source = path.join(dir, 'source.bin');
    const out = fs.openSync(source, 'w');
    for (let i = 0; i < count; i++) fs.writeSync(out, block);
    fs.fsyncSync(out);
    fs.closeSync(out);
    const bytes = block.length * count;
    const time = async (fn) => {
      const started = process.hrtime.bigint();
      await fn();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { seconds: +seconds.toFixed(2), MiBPerSecond: +(bytes / MIB / seconds).toFixed(1) };
    };
    const streamCopy = await time(() =>
      pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dir, 'stream.bin'))),
    );
    const copyFile = await time(() => fs.promises.copyFile(source, path.join(dir, 'copy.bin')));
    return { bytes, streamCopy, copyFile };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A valid zip with one stored entry of `size` bytes, produced chunk by chunk (1 MiB block repeated). */
function zipParts(block, count) {
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(block, crc);
  const total = block.length * count;
  const name = Buffer.from('payload.bin');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x21, 12);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(total, 18);
  local.writeUInt32LE(total, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(total, 20);
  central.writeUInt32LE(total, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + total, 16);
  return {
    head: Buffer.concat([local, name]),
    tail: Buffer.concat([central, name, end]),
    total: 30 + name.length + total + 46 + name.length + 22,
  };
}

/** Drops this run's database and buckets. */
async function cleanUp() {
  const attempt = (what, fn) => fn().catch((err) => console.error(`clean-up: ${what}: ${err.message}`));
  const endpoint = new URL(process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000');
  const minio = new Minio.Client({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port || 80),
    useSSL: false,
    accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
    secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
  });
  for (const branch of ['prod', 'beta']) {
    const bucket = `bench-files-${tag}-${branch}`;
    // A run that failed early never made its buckets.
    if (!(await minio.bucketExists(bucket).catch(() => false))) continue;
    await attempt(`bucket ${bucket}`, async () => {
      const keys = [];
      for await (const o of minio.listObjectsV2(bucket, '', true)) keys.push(o.name);
      if (keys.length) await minio.removeObjects(bucket, keys);
      await minio.removeBucket(bucket);
    });
  }
  await attempt('database', async () => {
    const mongo = await MongoClient.connect(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017');
    await mongo.db(`bench-files-${tag}`).dropDatabase();
    await mongo.close();
  });
}

async function main() {
  const baselineBlock = randomBytes(MIB);
  const diskCopyBaseline = await diskCopy(baselineBlock, Math.ceil(size / MIB));
  console.log(
    `disk copy of ${size / MIB} MiB: stream ${diskCopyBaseline.streamCopy.MiBPerSecond} MiB/s, copyFile ${diskCopyBaseline.copyFile.MiBPerSecond} MiB/s`,
  );
  const id = await identity();
  const [filesPort, bffPort] = [await freePort(), await freePort()];
  const common = { ...engines, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  // The BFF's other upstreams take no part in an upload; production wants them named all the same.
  const unused = 'http://127.0.0.1:9';
  const files = run('files', path.join(root, 'services/files/dist/main.js'), {
    ...common,
    PORT: String(filesPort),
    JWKS_URL: id.url,
    MONGO_DB: `bench-files-${tag}`,
    FILES_BUCKET_PREFIX: `bench-files-${tag}`,
    FILES_UPLOAD_QUEUE: `bench-upload-${tag}`,
    FILES_FINALISE_QUEUE: `bench-finalise-${tag}`,
    FILES_GAME_DATA_QUEUE: `bench-game-data-${tag}`,
    KAFKA_CLIENT_ID: `bench-files-${tag}`,
    FILES_UPLOAD_WAIT_MS: '0',
  });
  const bff = run('bff', path.join(root, 'bff/dist/main.js'), {
    ...common,
    PORT: String(bffPort),
    FILES_URL: `http://127.0.0.1:${filesPort}`,
    ACCOUNT_URL: process.env.ACCOUNT_URL ?? unused,
    SEASON_URL: process.env.SEASON_URL ?? unused,
    TRADE_URL: process.env.TRADE_URL ?? unused,
    CHAT_URL: process.env.CHAT_URL ?? unused,
  });
  try {
    await waitReady(`http://127.0.0.1:${filesPort}`, files);
    await waitReady(`http://127.0.0.1:${bffPort}`, bff);
    // Settled for a moment after the first answer, then the resident size of each.
    await new Promise((r) => setTimeout(r, 2_000));
    const idleRssMiB = { bff: +(peakRss(bff.pid) / MIB).toFixed(1), files: +(peakRss(files.pid) / MIB).toFixed(1) };
    const idleResidentMiB = { bff: +(rss(bff.pid) / MIB).toFixed(1), files: +(rss(files.pid) / MIB).toFixed(1) };
    const block = randomBytes(MIB);
    const count = Math.ceil(size / MIB);
    const zip = zipParts(block, count);
    const boundary = `bench-${tag}`;
    const pre = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Bench.zip"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const post = Buffer.from(`\r\n--${boundary}--\r\n`);
    const started = process.hrtime.bigint();
    const record = await new Promise((resolve, reject) => {
      const req = http.request(`http://127.0.0.1:${bffPort}/api/file?branch=prod`, {
        method: 'POST',
        headers: { authorization: `Bearer ${id.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      });
      req.on('error', reject);
      const chunks = [pre, zip.head];
      let sent = 0;
      const pump = () => {
        for (;;) {
          let chunk = chunks.shift();
          if (!chunk && sent < count) {
            chunk = block;
            sent++;
          }
          if (!chunk) return void req.end(Buffer.concat([zip.tail, post]));
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
    const uploadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const afterUploadRssMiB = {
      bff: +(peakRss(bff.pid) / MIB).toFixed(1),
      files: +(peakRss(files.pid) / MIB).toFixed(1),
    };
    let status = record.status;
    while (status === 'processing') {
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`http://127.0.0.1:${bffPort}/api/file/uploads/${record.id}`, {
        headers: { authorization: `Bearer ${id.token}` },
      });
      ({ status } = await res.json());
    }
    const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const peakRssMiB = { bff: +(peakRss(bff.pid) / MIB).toFixed(1), files: +(peakRss(files.pid) / MIB).toFixed(1) };
    // Peak (VmHWM) less the idle resident size (VmRSS once ready): what the upload itself cost.
    const growthMiB = {
      bff: +(peakRssMiB.bff - idleResidentMiB.bff).toFixed(1),
      files: +(peakRssMiB.files - idleResidentMiB.files).toFixed(1),
    };
    // The goal is in MB (10^6 bytes), the stricter reading.
    const growthMB = { bff: +(growthMiB.bff * 1.048576).toFixed(1), files: +(growthMiB.files * 1.048576).toFixed(1) };
    const result = {
      at: new Date().toISOString(),
      bytes: zip.total,
      status,
      uploadSeconds: +uploadSeconds.toFixed(2),
      uploadMiBPerSecond: +(zip.total / MIB / uploadSeconds).toFixed(1),
      processingSeconds: +(totalSeconds - uploadSeconds).toFixed(2),
      idlePeakRssMiB: idleRssMiB,
      idleRssMiB: idleResidentMiB,
      uploadPeakRssMiB: afterUploadRssMiB,
      peakRssMiB,
      growthMiB,
      growthMB,
      goal: { growthMBEach: GOAL_GROWTH_MB },
      met: status === 'ready' && growthMB.bff <= GOAL_GROWTH_MB && growthMB.files <= GOAL_GROWTH_MB,
      diskCopyBaseline,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `upload of ${(zip.total / MIB).toFixed(0)} MiB: ${result.uploadMiBPerSecond} MiB/s (disk stream copy ${diskCopyBaseline.streamCopy.MiBPerSecond} MiB/s); ` +
        `peak minus idle RSS: BFF ${growthMB.bff} MB, files ${growthMB.files} MB (goal <= ${GOAL_GROWTH_MB} MB each, status ${status}: ${result.met ? 'met' : 'MISSED'})`,
    );
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/files-upload.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    bff.kill('SIGTERM');
    files.kill('SIGTERM');
    id.server.close();
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
