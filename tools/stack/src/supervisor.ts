import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { engineUrlsFor, loadSettings, type StackSettings } from './settings';

export interface AppSpec {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}

export interface SiteOptions {
  bffPort: number;
  /** account gets this port, then season, trade, files, chat. */
  servicePortBase: number;
  logLevel?: string;
  /** Print raw JSON log lines instead of the short human form. */
  json?: boolean;
}

const SERVICES = ['account', 'season', 'trade', 'files', 'chat'] as const;
const COLOURS = [36, 33, 35, 32, 34, 31];

export function siteApps(s: StackSettings, opts: SiteOptions): AppSpec[] {
  const engines = engineUrlsFor(s);
  const common = {
    ...engines,
    // The site's own topics: `npm test` publishes thousands of events with ids from its throwaway databases
    // on the same broker, and the site must not read them as its own (its ids are only unique in its DBs).
    KAFKA_TOPIC_PREFIX: process.env.KAFKA_TOPIC_PREFIX ?? 'site.',
    LOG_LEVEL: opts.logLevel ?? 'info',
    JWKS_URL: `http://127.0.0.1:${opts.servicePortBase}/.well-known/jwks.json`,
  };
  const services = SERVICES.map((name, i) => ({
    name,
    entry: path.join(s.root, 'services', name, 'dist', 'main.js'),
    port: opts.servicePortBase + i,
    env: { ...common, PORT: String(opts.servicePortBase + i) },
  }));
  const urls = Object.fromEntries(
    services.map((svc) => [`${svc.name.toUpperCase()}_URL`, `http://127.0.0.1:${svc.port}`]),
  );
  return [
    ...services,
    {
      name: 'bff',
      entry: path.join(s.root, 'bff', 'dist', 'main.js'),
      port: opts.bffPort,
      env: { ...common, ...urls, PORT: String(opts.bffPort), FRONTEND_DIST: path.join(s.root, 'frontend', 'dist') },
    },
  ];
}

/** Shortens a pino JSON line to `LEVEL message key=value…`; other lines pass through. */
export function humanLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const {
      level,
      msg,
      time: _t,
      pid: _p,
      hostname: _h,
      service: _s,
      name: _n,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    const label =
      ({ 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' } as Record<number, string>)[
        Number(level)
      ] ?? String(level);
    const extras = Object.entries(rest)
      .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' ');
    return `${label.padEnd(5)} ${String(msg ?? '')}${extras ? `  ${extras}` : ''}`;
  } catch {
    return line;
  }
}

/**
 * Hands `onLines` the complete lines of each chunk a stream delivers (a line split across chunks waits for
 * its end; the last one is flushed when the stream ends). Every app logs a line per request: one write per
 * chunk, rather than readline's event and a write per line, keeps the supervisor's share of each request
 * small on a busy site (it shares the cores with the apps).
 */
export function prefixLines(stream: NodeJS.ReadableStream, onLines: (lines: string[]) => void): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length > 0) onLines(lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)));
  });
  stream.on('end', () => {
    if (partial !== '') onLines([partial]);
    partial = '';
  });
}

/**
 * Runs every service and the BFF as child processes with one prefixed log stream. A child that crashes is
 * restarted with backoff; SIGINT/SIGTERM stops all of them (SIGTERM first, so consumers leave cleanly).
 */
export function superviseSite(
  opts: SiteOptions,
  s = loadSettings(),
): { stop: () => Promise<void>; done: Promise<void> } {
  const apps = siteApps(s, opts);
  const width = Math.max(...apps.map((a) => a.name.length));
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const launch = (app: AppSpec, index: number, restarts = 0) => {
    const child = spawn(process.execPath, ['--enable-source-maps', app.entry], {
      cwd: s.root,
      env: { ...process.env, ...app.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(app.name, child);
    const prefix = `\x1b[${COLOURS[index % COLOURS.length]}m${app.name.padEnd(width)} |\x1b[0m `;
    for (const stream of [child.stdout!, child.stderr!]) {
      prefixLines(stream, (lines) => {
        let text = '';
        for (const line of lines) text += `${prefix}${opts.json ? line : humanLine(line)}\n`;
        process.stdout.write(text);
      });
    }
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      children.delete(app.name);
      if (stopping) return;
      // A child that ran a while before dying gets a fresh backoff; one that dies at once backs off further.
      const next = Date.now() - startedAt > 30_000 ? 0 : restarts + 1;
      const delay = Math.min(500 * 2 ** next, 15_000);
      process.stdout.write(`${prefix}exited (${signal ?? code}); restarting in ${delay} ms\n`);
      setTimeout(() => !stopping && launch(app, index, next), delay).unref();
    });
  };
  apps.forEach((app, i) => launch(app, i));

  let resolveDone: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const stop = async () => {
    if (stopping) return done;
    stopping = true;
    const waits = [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }),
    );
    await Promise.all(waits);
    resolveDone();
    return done;
  };
  return { stop, done };
}

export async function waitForReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000}s: ${last}`);
}
