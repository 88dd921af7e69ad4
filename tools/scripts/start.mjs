// `npm start`: install, build, bring the engines up, then run every service and the BFF under one
// supervisor with one log stream. Ctrl-C stops the apps; the engines keep running (`npm run stack -- down`).
import path from 'node:path';
import { spawn } from 'node:child_process';
import {
  ensureBuilt,
  ensureInstalled,
  playDemo,
  root,
  say,
  seedDemo,
  stack,
  uploadDemoGameFiles,
  waitReady,
} from './lib.mjs';

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

// The demo seed's last steps need the site: an admin uploads the demo league's game files (the files service
// publishes the names season and trade show), and player3 syncs a real save and stash the way the launcher does.
const bffPort = (() => {
  const i = process.argv.indexOf('--bff-port');
  return i > 0 ? Number(process.argv[i + 1]) : Number(process.env.BFF_PORT ?? 8080);
})();
waitReady(`http://127.0.0.1:${bffPort}/ready`, site, 300_000)
  .then(async () => {
    await uploadDemoGameFiles(bffPort)
      .then((files) => {
        const sent = files.filter((f) => f.uploaded).map((f) => `${f.fileName} (${f.branch})`);
        say(`demo: game files ${sent.length ? `uploaded and published: ${sent.join(', ')}` : 'already served'}`);
      })
      .catch((err) => say(`demo game files skipped: ${err.message}`));
    const steps = await playDemo(bffPort);
    const stash = steps.find((s) => s.step === 'upload-stash');
    say(`demo: player3 synced through the launcher API (${steps.length} steps; ${stash?.items ?? 0} stash items sent)`);
  })
  .catch((err) => say(`demo launcher sync skipped: ${err.message}`));
