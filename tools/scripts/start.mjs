// `npm start`: install, build, bring the engines up, then run every service and the BFF under one
// supervisor with one log stream. Ctrl-C stops the apps; the engines keep running (`npm run stack -- down`).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureBuilt, ensureInstalled, root, say, sh, stack } from './lib.mjs';

/**
 * The demo league, each seed idempotent: accounts (prints `admin password: …` so the first login needs no
 * lookup), seasons 3–7 with a filled ladder (Season 7's window shifted to start now, so the demo shows a
 * running season and its countdown; SEASON7_STARTS_NOW=0 keeps the spec's dates), and the catalogue. The
 * files service seeds its demo mod files itself on an empty store.
 */
const SEEDS = [
  'services/account/dist/seed.js',
  'services/season/dist/seed.js',
  'services/season/dist/seed-catalogue.js',
];

function seedDemo() {
  const { engineUrls, loadSettings } = createRequire(import.meta.url)(path.join(root, 'tools/stack/dist/settings.js'));
  const env = { SEASON7_STARTS_NOW: '1', ...process.env, ...engineUrls(loadSettings()) };
  for (const seed of SEEDS) sh(process.execPath, [path.join(root, seed)], { env });
}

const t0 = Date.now();
try {
  ensureInstalled();
  ensureBuilt();
  stack('up');
  seedDemo();
} catch (err) {
  console.error(`[league] ${err.message}`);
  process.exit(1);
}
say(`ready to start the apps after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
const site = spawn(process.execPath, [path.join(root, 'tools/stack/dist/site.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// The site handles Ctrl-C itself (the terminal sends SIGINT to the whole group); we only pass on SIGTERM.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => site.kill('SIGTERM'));
site.on('exit', (code) => process.exit(code ?? 0));
