// `npm run stack -- up|down|status|logs|env`: builds tools/stack when needed, then runs its CLI.
import { ensureInstalled, root, sh } from './lib.mjs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

ensureInstalled();
sh('npx', ['tsc', '-b', 'tools/stack']);
const res = spawnSync(process.execPath, [path.join(root, 'tools/stack/dist/cli.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
