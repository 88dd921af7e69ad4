// The whole site (tools/stack/dist/site.js: every service and the BFF) started on free ports for a bench,
// and stopped again. Used by run-all.mjs (idle RSS, LCP) and load.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const portFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** True when a GET of the URL answers 2xx within 3 s. */
export async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the site with the BFF on a free port and the five services on consecutive free ports from
 * `firstBase`; its output goes to `log`. Resolves once /ready answers (180 s at most). `json` asks site.js
 * for JSON log lines.
 */
export async function startSite({ firstBase, log, json = false, logLevel = 'warn' }) {
  const bffPort = await freePort();
  let base = firstBase;
  for (;;) {
    const ports = [0, 1, 2, 3, 4].map((i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean) && !ports.includes(bffPort)) break;
    base += 10;
  }
  const out = createWriteStream(log);
  const args = ['--bff-port', String(bffPort), '--service-port-base', String(base), ...(json ? ['--json'] : [])];
  const child = spawn(process.execPath, [path.join(root, 'tools/stack/dist/site.js'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a stuck stop can take the services with it
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const url = `http://127.0.0.1:${bffPort}`;
  const site = { child, url, bffPort, base, log, out };
  const deadline = Date.now() + 180_000;
  while (!(await answers(`${url}/ready`))) {
    if (child.exitCode !== null)
      throw new Error(`the site exited (${child.exitCode}); see ${path.relative(root, log)}`);
    if (Date.now() > deadline) {
      await stopSite(site);
      throw new Error(`the site was not ready within 180 s; see ${path.relative(root, log)}`);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return site;
}

/** SIGTERM to the site (it stops its services and the BFF, then exits); its whole group is killed after 40 s. False when it had already exited. */
export async function stopSite(site) {
  if (!site || site.child.exitCode !== null || site.child.signalCode !== null) return false;
  const exited = new Promise((r) => site.child.once('exit', r));
  site.child.kill('SIGTERM');
  const t = setTimeout(() => {
    try {
      process.kill(-site.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 40_000);
  await exited;
  clearTimeout(t);
  site.out.end();
  return true;
}
