import { spawn } from 'node:child_process';
import path from 'node:path';
import { status } from '@league/stack';
import { root } from './cluster';

export type EngineName = 'kafka' | 'redis' | 'ferretdb' | 'minio';
/** The opt-in three-broker cluster (`kafka-cluster`) or one of its nodes. */
export type ClusterEngineName = 'kafka-cluster' | `kafka-${1 | 2 | 3}`;

/**
 * Whether the engine is a process tools/stack runs on this machine (the only kind these suites may stop and
 * start); false when the engines come from the environment or from containers.
 */
export async function stackRuns(engine: EngineName): Promise<boolean> {
  if (process.env.LEAGUE_ENGINES_FROM_ENV === '1') return false;
  const row = (await status()).find((r) => r.name === engine);
  return Boolean(row?.pid && row.healthy);
}

/** `node tools/stack/dist/cli.js <command> <engine>` (stop: `down`; start: `up`, which waits until healthy). */
export function stackCli(
  command: 'up' | 'down',
  engine: EngineName | ClusterEngineName,
  timeoutMs = 180_000,
): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'tools/stack/dist/cli.js'), command, engine], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Date.now() - t0);
      else reject(new Error(`stack ${command} ${engine} failed (${code}): ${out.trim()}`));
    });
  });
}

/**
 * Runs `during` with the engine stopped, and starts the engine again whatever happens (also when `during`
 * throws): a stopped engine would break every later suite. Resolves with how long the stop and start took.
 */
export async function withEngineStopped<T>(
  engine: EngineName,
  during: () => Promise<T>,
): Promise<{ result: T; stopMs: number; startMs: number }> {
  let stopMs = 0;
  let startMs = 0;
  try {
    stopMs = await stackCli('down', engine);
    const result = await during();
    startMs = await stackCli('up', engine);
    return { result, stopMs, startMs };
  } finally {
    if (!startMs) await stackCli('up', engine).catch((err: unknown) => console.error((err as Error).message));
  }
}
