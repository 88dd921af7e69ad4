#!/usr/bin/env node
// The journeys drive Debian's Chromium (playwright-core downloads no browser). Make sure it is there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.log(
    `${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium) before the browser journeys.`,
  );
  process.exit(1);
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
  console.log(`apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`chromium was installed but ${CHROMIUM} does not exist.`);
  process.exit(1);
}
