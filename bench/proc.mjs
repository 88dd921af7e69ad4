// What the benches read of other processes on Linux: CPU time from /proc, and the engines' pids as
// `tools/stack` reports them (elsewhere the readings are undefined and the benches leave them out); and the
// wait for a process a bench started to answer.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** CPU time (user + system, seconds) a process has used so far; undefined when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** The engines' pids (name → pid), from `cli.js status`. */
export function enginePids() {
  const res = spawnSync(process.execPath, [path.join(root, 'tools/stack/dist/cli.js'), 'status'], { encoding: 'utf8' });
  const pids = {};
  for (const m of (res.stdout ?? '').matchAll(/^(\S+)\s+\S+\s+pid (\d+)/gm)) pids[m[1]] = Number(m[2]);
  return pids;
}

/** The CPU the given processes (name → pid) use together over `ms`, as a share of one core. */
export async function cpuShare(pids, ms) {
  const total = () => Object.values(pids).reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const before = total();
  await new Promise((r) => setTimeout(r, ms));
  return (total() - before) / (ms / 1000);
}

/** Waits until `url` answers 200; throws when `child` (named by its `name`) exits first, or at the timeout. */
export async function waitOk(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.name} exited (${child.exitCode}) during start`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000}s`);
}
