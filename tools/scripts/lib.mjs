// Shared steps of `npm start` and `npm test`. Plain Node with no dependencies: these run before npm install.
import { spawn, spawnSync } from 'node:child_process';
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
