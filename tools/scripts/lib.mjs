// Shared steps of `npm start` and `npm test`. Plain Node with no dependencies: these run before npm install.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const say = (line) => console.log(`\x1b[1m[league]\x1b[0m ${line}`);

export function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) throw new Error(`${cmd} could not run: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

function newestMtime(dir, skip = new Set(['node_modules', 'dist', '.git'])) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p, skip) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  say('installing dependencies (npm install)…');
  // Not `npm ci`: the lockfile made here lacks other platforms' optional binaries, which `ci` insists on.
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** TypeScript project references build incrementally; the frontend rebuilds when its sources changed. */
export function ensureBuilt({ frontend = true } = {}) {
  say('building the services (tsc -b)…');
  sh('npx', ['tsc', '-b', 'tsconfig.build.json']);
  if (!frontend) return;
  const built = path.join(root, 'frontend', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'frontend', 'src')),
    newestMtime(path.join(root, 'packages', 'contracts', 'src')),
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  say('building the frontend (vite build)…');
  sh('npm', ['run', 'build', '--silent', '-w', 'frontend']);
}

export function stack(...args) {
  sh(process.execPath, [path.join(root, 'tools', 'stack', 'dist', 'cli.js'), ...args]);
}

/**
 * The demo league, each seed idempotent: accounts (prints `admin password: …` so the first login needs no
 * lookup), seasons 3–7 with a filled ladder (Season 7's window shifted to start now, so the demo shows a
 * running season and its countdown; SEASON7_STARTS_NOW=0 keeps the spec's dates), and the catalogue. The
 * files service seeds its demo mod files and the patch-notes PDF itself in development.
 */
const SEEDS = [
  'services/account/dist/seed.js',
  'services/season/dist/seed.js',
  'services/season/dist/seed-catalogue.js',
];

export function seedDemo() {
  const { engineUrlsFor, loadSettings } = createRequire(import.meta.url)(
    path.join(root, 'tools/stack/dist/settings.js'),
  );
  const env = { SEASON7_STARTS_NOW: '1', ...process.env, ...engineUrlsFor(loadSettings()) };
  for (const seed of SEEDS) sh(process.execPath, [path.join(root, seed)], { env });
}

/** Waits until `url` answers 200; fails early when the process serving it exits. */
export async function waitReady(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the site exited during start');
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000}s`);
}

/**
 * The last step of the demo seed, on the running site: the demo player3 plays Season 7 SC Trade the way the
 * league launcher does (tools/gameclient `play` over the launcher hub and the game REST routes). It uploads
 * the real save and shared stash of packages/gamefiles/test/fixtures/gd/gd-cli: the character, then tab 6
 * into the cloud stash, then the transfer queue into tab 5. Uploads are idempotent, so a run repeated (a
 * retry, or the next start) changes nothing. Right after a first start the files service may not yet have
 * read who owns the demo participants (season's events), so a refused run is retried for up to a minute.
 * Resolves with the client's step lines; rejects with the client's message.
 */
export async function playDemo(bffPort, { attempts = 12, pauseMs = 5_000 } = {}) {
  const passwordFile = path.join(root, '.local', 'demo-password.txt');
  if (!fs.existsSync(passwordFile)) throw new Error('no demo password in .local (the account seed writes it)');
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  for (let attempt = 1; ; attempt += 1) {
    const res = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [
          path.join(root, 'tools/gameclient/dist/cli.js'),
          'play',
          path.join(root, 'packages/gamefiles/test/fixtures/gd/gd-cli'),
          '--hub',
          '--url',
          `http://127.0.0.1:${bffPort}/api/`,
        ],
        // The password goes by environment, not on a command line others can read.
        { cwd: root, env: { ...process.env, LEAGUE_USER: 'player3', LEAGUE_PASSWORD: password } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
    if (res.code === 0)
      return res.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    if (attempt >= attempts)
      throw new Error(`the demo launcher sync failed after ${attempt} attempts: ${res.stderr.trim()}`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

/** The mod the demo league's files belong to, and the names it gives them (`<mod>.arz`, `<mod>_Text_EN.arc`). */
const DEMO_MOD = 'GrimLeagueS07';
const md5 = (bytes) => createHash('md5').update(bytes).digest('hex').toUpperCase();
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** The admin's password as the account seed keeps it: ADMIN_PASSWORD, else .local/admin-password.txt. */
function adminCredentials() {
  const username = process.env.ADMIN_USERNAME?.trim() || 'admin';
  if (process.env.ADMIN_PASSWORD) return { username, password: process.env.ADMIN_PASSWORD };
  const file = path.join(root, '.local', 'admin-password.txt');
  if (!fs.existsSync(file)) throw new Error('no admin password in .local (the account seed writes it)');
  return { username, password: fs.readFileSync(file, 'utf8').trim() };
}

/** An admin's access token through the BFF (`POST /api/account/login`, as the launcher and tools/gameclient log in). */
async function adminToken(api, { attempts, pauseMs }) {
  const credentials = adminCredentials();
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${api}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }).catch((err) => ({ ok: false, status: 0, text: async () => err.message }));
    if (res.ok) return (await res.json()).access_token;
    // A wrong password will not get better; a site still starting (502, 503) will.
    if (res.status === 401 || attempt >= attempts)
      throw final(`the admin could not log in (${res.status}: ${await res.text()})`);
    await pause(pauseMs);
  }
}

/**
 * The demo league's game files: the database and the English text archive `@league/gamefiles` writes from the
 * project's own catalogue (services/season/data: the item-record table's base items and affixes, the
 * encounters' monsters), the same bytes on every run.
 */
export function demoGameFiles() {
  const gamefiles = createRequire(import.meta.url)(path.join(root, 'packages/gamefiles/dist/index.js'));
  const data = (rel) => JSON.parse(fs.readFileSync(path.join(root, 'services/season/data', rel), 'utf8'));
  const files = gamefiles.writeGameFiles(
    gamefiles.catalogueGameFiles(data('stash/item-records.json'), data('catalogue/encounters.json')),
  );
  const names = gamefiles.gameFileNames(DEMO_MOD, files.language);
  return [
    { fileName: names.arz, bytes: files.arz },
    { fileName: names.arc, bytes: files.arc },
  ];
}

/**
 * A step of the demo seed on the running site: the demo's game files (`demoGameFiles`) go through the admin
 * upload an admin uses (`POST /api/file`, multipart, on prod and beta), so the files service's worker validates
 * them and extracts and publishes each branch's game data, which season and trade name items and creatures
 * from. Idempotent: a file a branch already serves with the same bytes (its size, then its MD5, from the
 * admin's file list and the served download) is not sent again. Resolves once each branch's game data reads
 * this run's uploads, with one line per file: `{ branch, fileName, md5, uploaded }`.
 */
export async function uploadDemoGameFiles(bffPort, { attempts = 12, pauseMs = 5_000, publishMs = 180_000 } = {}) {
  const files = demoGameFiles();
  // Right after a start a service behind the BFF may still be starting: the run is idempotent, so it is repeated.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sendDemoGameFiles(`http://127.0.0.1:${bffPort}/api`, files, { attempts, pauseMs, publishMs });
    } catch (err) {
      if (err.final || attempt >= attempts) throw err;
      await pause(pauseMs);
    }
  }
}

/** An error that repeating the run will not mend (a refused file, a failed extraction, a wrong password). */
const final = (message) => Object.assign(new Error(message), { final: true });

async function sendDemoGameFiles(api, files, { attempts, pauseMs, publishMs }) {
  const token = await adminToken(api, { attempts, pauseMs });
  const auth = { authorization: `Bearer ${token}` };
  const getJson = async (route) => {
    const res = await fetch(`${api}${route}`, { headers: auth });
    if (!res.ok) throw new Error(`GET /api${route} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };

  const done = [];
  const uploads = new Map(); // branch → ids of this run's uploads
  for (const branch of ['prod', 'beta']) {
    const listed = await getJson(`/file/filenames?v=v1&branch=${branch}&region=us`);
    for (const { fileName, bytes } of files) {
      const sum = md5(bytes);
      const served = listed.modFiles.find((f) => f.fileName === fileName);
      if (served && served.size === bytes.length) {
        const res = await fetch(served.downloadUrl);
        if (res.ok && md5(Buffer.from(await res.arrayBuffer())) === sum) {
          done.push({ branch, fileName, md5: sum, uploaded: false });
          continue;
        }
      }
      const form = new FormData();
      form.append('fileName', fileName);
      form.append('branch', branch);
      form.append('kind', 'mod');
      form.append('modName', DEMO_MOD);
      form.append('file', new Blob([bytes]), fileName);
      const query = new URLSearchParams({ branch, kind: 'mod', modName: DEMO_MOD });
      const res = await fetch(`${api}/file?${query}`, { method: 'POST', headers: auth, body: form });
      if (!res.ok)
        throw new Error(`the upload of ${fileName} to ${branch} answered ${res.status}: ${await res.text()}`);
      let record = await res.json();
      // The answer waits a while for the worker's verdict; a busy worker answers later.
      for (const until = Date.now() + publishMs; record.status === 'processing' && Date.now() < until;) {
        await pause(1_000);
        record = await getJson(`/file/uploads/${record.id}`);
      }
      if (record.status === 'failed') throw final(`${fileName} on ${branch} was refused: ${record.errorMessage}`);
      if (record.status !== 'ready') throw final(`${fileName} on ${branch} was not processed in ${publishMs / 1000}s`);
      if (record.md5 && record.md5.toUpperCase() !== sum) throw final(`${fileName} on ${branch} was stored changed`);
      uploads.set(branch, [...(uploads.get(branch) ?? []), record.id]);
      done.push({ branch, fileName, md5: sum, uploaded: true });
    }
  }

  // The worker reads a branch's files after they are ready; wait until its published set reads these uploads.
  const until = Date.now() + publishMs;
  for (const [branch, ids] of uploads) {
    for (;;) {
      const entry = (await getJson('/file/game-data')).branches.find((b) => b.branch === branch);
      const read = new Set((entry?.published?.inputs ?? []).map((i) => i.fileId));
      if (ids.every((id) => read.has(id))) break;
      const last = entry?.lastExtraction;
      if (last?.status === 'failed' && ids.every((id) => last.inputs.some((i) => i.fileId === id)))
        throw final(`the game data of ${branch} was not published: ${last.message}`);
      if (Date.now() > until) throw final(`the game data of ${branch} was not published in ${publishMs / 1000}s`);
      await pause(1_000);
    }
  }
  return done;
}
