// Fuzzes every service's /openapi.json with schemathesis, as an outside client would: 0 server errors and 0
// responses that break their documented schema, status or content type. `npm test` runs it (one passed or
// failed per service in its totals); alone: `node tools/scripts/schemathesis.mjs [--examples N] [service…]`.
//
// Installs schemathesis (pinned, from PyPI) into a virtualenv under ~/.cache/league-stack on first use
// (apt-get installs python3-venv when it is missing and we are root). Boots its own copy of each service from
// the built dist on free ports, each with a throwaway database, consumer group, queues and buckets, so a
// running `npm start` and its demo data are left alone. Requests carry an admin's token (registered here and
// promoted in the throwaway database) so the handlers behind auth are fuzzed too.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const say = (line) => console.log(`\x1b[1m[schemathesis]\x1b[0m ${line}`);

export const SCHEMATHESIS_VERSION = '4.32.5';
export const SERVICES = ['account', 'season', 'files', 'chat', 'trade'];
/** What counts as a finding: a 5xx, or an answer its operation does not document (schema, status, type). */
const CHECKS = [
  'not_a_server_error',
  'response_schema_conformance',
  'status_code_conformance',
  'content_type_conformance',
];
const venv = path.join(os.homedir(), '.cache', 'league-stack', `schemathesis-${SCHEMATHESIS_VERSION}`);
const st = path.join(venv, 'bin', 'st');

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return { ok: res.status === 0 && !res.error, out: `${res.stdout ?? ''}${res.stderr ?? ''}`, error: res.error };
}

/** The pinned schemathesis in its own virtualenv; installs it when missing. Returns the `st` path. */
export function ensureSchemathesis() {
  if (fs.existsSync(st) && run(st, ['--version']).out.includes(SCHEMATHESIS_VERSION)) return st;
  say(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}…`);
  fs.rmSync(venv, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(venv), { recursive: true });
  let made = run('python3', ['-m', 'venv', venv]);
  if (!made.ok && process.getuid?.() === 0) {
    say('python3 -m venv failed; installing python3-venv with apt-get…');
    run('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    run('apt-get', ['install', '-y', '-qq', 'python3-venv'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    fs.rmSync(venv, { recursive: true, force: true });
    made = run('python3', ['-m', 'venv', venv]);
  }
  if (!made.ok) throw new Error(`python3 -m venv failed (install python3 and python3-venv): ${made.out.trim()}`);
  const pip = run(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
  if (!pip.ok)
    throw new Error(`pip install schemathesis==${SCHEMATHESIS_VERSION} failed: ${pip.out.trim().slice(-2000)}`);
  return st;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitOk(url, child, name, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) while starting`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not become ready within ${timeoutMs / 1000}s`);
}

function engineEnv() {
  const require = createRequire(import.meta.url);
  const settings = path.join(root, 'tools/stack/dist/settings.js');
  if (!fs.existsSync(settings)) return {};
  const { engineUrlsFor, loadSettings } = require(settings);
  return engineUrlsFor(loadSettings());
}

/**
 * A schemathesis config for one service: an operation that documents a 5xx (503 for an integration that is
 * not configured) may answer it without counting as a server error; every other 5xx still fails the run.
 */
async function configFor(serviceUrl, file) {
  const doc = await (await fetch(`${serviceUrl}/openapi.json`)).json();
  const blocks = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const documented = Object.keys(op.responses ?? {}).filter((code) => /^5\d\d$/.test(code));
      if (!documented.length) continue;
      blocks.push(
        [
          '[[operations]]',
          `include-path = ${JSON.stringify(p)}`,
          `include-method = ${JSON.stringify(method.toUpperCase())}`,
          `checks.not_a_server_error.expected-statuses = ${JSON.stringify(['2XX', '3XX', '4XX', ...documented])}`,
        ].join('\n'),
      );
    }
  }
  fs.writeFileSync(file, `${blocks.join('\n\n')}\n`);
  return file;
}

/** Registers a user through the account API, promotes it in the throwaway database and logs it in. */
async function adminToken(accountUrl, mongoUrl, db) {
  const username = `fuzz${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const password = `Fz-${randomUUID()}`;
  const post = (p, body) =>
    fetch(`${accountUrl}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const reg = await post('/account/register-user', { username, email: `${username}@example.test`, password });
  if (!reg.ok) throw new Error(`registering the fuzzing admin failed: ${reg.status} ${await reg.text()}`);
  const { default: mongoose } = await import('mongoose');
  const conn = await mongoose.createConnection(mongoUrl, { dbName: db }).asPromise();
  try {
    await conn
      .collection('users')
      .updateOne({ username }, { $set: { roles: ['admin', 'tester'] }, $inc: { rolesVersion: 1 } });
  } finally {
    await conn.close();
  }
  const login = await post('/account/login', { username, password });
  if (!login.ok) throw new Error(`logging the fuzzing admin in failed: ${login.status} ${await login.text()}`);
  return (await login.json()).access_token;
}

async function dropDatabases(mongoUrl, dbs) {
  const { default: mongoose } = await import('mongoose');
  for (const db of dbs) {
    const conn = await mongoose
      .createConnection(mongoUrl, { dbName: db })
      .asPromise()
      .catch(() => undefined);
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
  }
}

/**
 * Boots the services, fuzzes each, stops them. Returns one result per service:
 * `{ service, passed, summary, report }` (report: the JUnit file under .local/test-results/schemathesis).
 */
// One worker: with two, hypothesis (under schemathesis 4.32) raced in its lambda-description cache and reported
// runtime errors of its own ("AST constructor recursion depth mismatch"), not findings about the API.
export async function runSchemathesis({ services = SERVICES, examples = 10, workers = 1, seconds = 30 } = {}) {
  const stBin = ensureSchemathesis();
  const engines = engineEnv();
  const mongoUrl = process.env.MONGO_URL ?? engines.MONGO_URL ?? 'mongodb://127.0.0.1:27017';
  const run = randomUUID().slice(0, 8);
  const reportDir = path.join(root, '.local', 'test-results', 'schemathesis');
  fs.mkdirSync(reportDir, { recursive: true });
  const logFile = path.join(reportDir, 'services.log');
  const log = fs.openSync(logFile, 'w');

  const wanted = new Set(services);
  // account always runs: the others trust its JWKS, and the token comes from it.
  const names = SERVICES.filter((s) => s === 'account' || wanted.has(s));
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()])));
  const url = (n) => `http://127.0.0.1:${ports[n]}`;
  const dbs = names.map((n) => `fuzz-${n}-${run}`);
  const children = [];
  const results = [];
  try {
    for (const name of names) {
      const env = {
        ...process.env,
        ...engines,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(ports[name]),
        MONGO_DB: `fuzz-${name}-${run}`,
        JWKS_URL: `${url('account')}/.well-known/jwks.json`,
        MAIL_QUEUE: `fuzz-mail-${run}`,
        SEASON_CONSUMER_GROUP: `fuzz-season-${run}`,
        SEASON_SEED_DEMO: '1',
        SEASON7_STARTS_NOW: '1',
        TRADE_CONSUMER_GROUP: `fuzz-trade-${run}`,
        CHAT_CONSUMER_GROUP: `fuzz-chat-${run}`,
        CHAT_REDIS_PREFIX: `fuzz-chat-${run}:`,
        FILES_UPLOAD_QUEUE: `fuzz-upload-${run}`,
        FILES_FINALISE_QUEUE: `fuzz-finalise-${run}`,
        FILES_GAME_DATA_QUEUE: `fuzz-game-data-${run}`,
        FILES_BUCKET_PREFIX: `fuzz-${run}`,
        FILES_DEMO_SEED: 'false',
      };
      const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
        cwd: root,
        env,
        stdio: ['ignore', log, log],
      });
      children.push({ name, child });
    }
    await Promise.all(children.map(({ name, child }) => waitOk(`${url(name)}/ready`, child, name)));
    const token = await adminToken(url('account'), mongoUrl, `fuzz-account-${run}`);

    for (const name of names.filter((n) => wanted.has(n))) {
      const junit = path.join(reportDir, `${name}.xml`);
      const started = Date.now();
      const config = await configFor(url(name), path.join(reportDir, `${name}.toml`));
      const args = [
        '--config-file',
        config,
        'run',
        `${url(name)}/openapi.json`,
        '--url',
        url(name),
        '--checks',
        CHECKS.join(','),
        '--phases',
        'examples,coverage,fuzzing',
        '--max-examples',
        String(examples),
        // A bound per service, so the whole step stays within a few minutes on two cores.
        '--max-time',
        String(seconds),
        '--workers',
        String(workers),
        '--seed',
        '1',
        '--no-shrink',
        '--request-timeout',
        '20',
        '--suppress-health-check',
        'all',
        '--header',
        `Authorization: Bearer ${token}`,
        ...(process.env.SCHEMATHESIS_HAR ? ['--report-har-path', path.join(reportDir, `${name}.har`)] : []),
        '--report',
        process.env.SCHEMATHESIS_HAR ? 'junit,har' : 'junit',
        '--report-junit-path',
        junit,
      ];
      const res = await new Promise((resolve) => {
        const child = spawn(stBin, args, { cwd: reportDir, env: { ...process.env, NO_COLOR: '1' } });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
      fs.writeFileSync(path.join(reportDir, `${name}.txt`), res.out);
      const summary =
        res.out
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => /^=+ .* =+$/.test(l) || /(passed|failed|errored|skipped)/.test(l))
          .at(-1)
          ?.replace(/=/g, '')
          .trim() ?? `exit ${res.code}`;
      const took = Math.round((Date.now() - started) / 1000);
      results.push({ service: name, passed: res.code === 0, summary: `${summary} (${took}s)`, output: res.out });
      say(`${name}: ${res.code === 0 ? 'passed' : 'FAILED'}: ${summary} (${took}s)`);
    }
  } finally {
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
    fs.closeSync(log);
    await dropDatabases(mongoUrl, dbs);
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--examples');
  const examples = at >= 0 ? Number(args[at + 1]) : 10;
  const services = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  runSchemathesis({ services: services.length ? services : SERVICES, examples })
    .then((results) => {
      const failed = results.filter((r) => !r.passed);
      for (const r of failed) console.log(`\n--- ${r.service} ---\n${r.output.slice(-6000)}`);
      console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
      process.exit(failed.length ? 1 : 0);
    })
    .catch((err) => {
      console.error(`[schemathesis] ${err.message}`);
      process.exit(1);
    });
}
