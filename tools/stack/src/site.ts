#!/usr/bin/env node
// Runs the whole site (five services + BFF) under one supervisor: `node tools/stack/dist/site.js`.
// Options: --bff-port N (8080), --service-port-base N (4001), --json (raw logs).
import { loadSettings } from './settings';
import { superviseSite, waitForReady } from './supervisor';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const bffPort = arg('--bff-port', Number(process.env.BFF_PORT ?? 8080));
const servicePortBase = arg('--service-port-base', Number(process.env.SERVICE_PORT_BASE ?? 4001));
const site = superviseSite(
  { bffPort, servicePortBase, json: process.argv.includes('--json'), logLevel: process.env.LOG_LEVEL },
  loadSettings(),
);

const shutdown = () => {
  process.stdout.write('\nstopping the site…\n');
  void site.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

waitForReady(`http://127.0.0.1:${bffPort}/ready`).then(
  () =>
    process.stdout.write(`\n  Grim League is running: http://localhost:${bffPort}\n  (Ctrl-C stops everything)\n\n`),
  (err: Error) => process.stdout.write(`\n  the site did not become ready: ${err.message}\n`),
);
