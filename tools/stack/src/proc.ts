import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { StackError } from './errors';

export function which(cmd: string): string | undefined {
  const res = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  const out = res.stdout.trim();
  return res.status === 0 && out ? out : undefined;
}

/** Runs a command to completion, streaming its output to a log file; throws with the log's tail on failure. */
export function run(cmd: string, args: string[], opts: SpawnSyncOptions & { log?: string } = {}): string {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  if (opts.log) fs.appendFileSync(opts.log, `$ ${cmd} ${args.join(' ')}\n${out}\n`);
  if (res.error) throw new StackError(`${cmd} could not run: ${res.error.message}`);
  if (res.status !== 0) {
    const tail = out.trim().split('\n').slice(-15).join('\n');
    throw new StackError(`${cmd} ${args.join(' ')} failed (exit ${res.status}):\n${tail}`);
  }
  return String(res.stdout ?? '');
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Names the process listening on a port (from `ss`), for a message that says who holds it. */
export function portHolder(port: number): string {
  if (!which('ss')) return 'another process';
  const res = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(res.stdout ?? '');
  return match ? `${match[1]} (pid ${match[2]})` : 'another process';
}

/** Starts a long-running engine detached from this process, its output appended to a log file. */
export function startDetached(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; log: string; nice?: number },
): number {
  const fd = fs.openSync(opts.log, 'a');
  fs.writeSync(fd, `\n--- ${new Date().toISOString()} ${cmd} ${args.join(' ')}\n`);
  // `nice` execs the command: the pid stays the engine's, and every thread it makes inherits the niceness.
  const [file, argv] = opts.nice ? ['nice', ['-n', String(opts.nice), cmd, ...args]] : [cmd, args];
  const child = spawn(file, argv, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  if (child.pid === undefined) throw new StackError(`${cmd} did not start`);
  child.unref();
  return child.pid;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Gives every thread of `pid` the normal CPU priority (niceness 0), after a start at a lower one. Threads
 * are tasks of their own to the scheduler, so each is set; a second pass catches one made meanwhile.
 * Lowering the niceness needs root (or CAP_SYS_NICE): see `mayRestorePriority`.
 */
export function restorePriority(pid: number): void {
  for (let pass = 0; pass < 2; pass++) {
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return; // not Linux, or the process is gone
    }
    for (const tid of tids) {
      try {
        os.setPriority(Number(tid), 0);
      } catch {
        // the thread ended meanwhile
      }
    }
  }
}

/** Whether this process may give a niced engine its normal priority back (root can; others only lower it). */
export const mayRestorePriority = () =>
  process.platform === 'linux' && process.getuid?.() === 0 && which('nice') !== undefined;
