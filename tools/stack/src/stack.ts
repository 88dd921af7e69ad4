import fs from 'node:fs';
import path from 'node:path';
import { CLUSTER_ENGINES, ENGINE_GROUPS, ENGINES, type Engine } from './engines';
import { StackError } from './errors';
import { isAlive, mayRestorePriority, portHolder, portOpen, restorePriority, sleep, startDetached } from './proc';
import { loadSettings, type StackSettings } from './settings';

type Say = (line: string) => void;
const defaultSay: Say = (line) => console.log(`[stack] ${line}`);

const runDir = (s: StackSettings) => {
  const dir = path.join(s.localDir, 'run');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
export const logFile = (s: StackSettings, name: string) => {
  const dir = path.join(s.localDir, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.log`);
};
const pidFile = (s: StackSettings, name: string) => path.join(runDir(s), `${name}.pid`);

function readPid(s: StackSettings, name: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(s, name), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The engines named (a group such as `kafka-cluster` stands for its members); none named: the default set. */
export function selected(names: string[]): Engine[] {
  if (names.length === 0) return ENGINES;
  const all = [...ENGINES, ...CLUSTER_ENGINES];
  return names
    .flatMap((n) => ENGINE_GROUPS[n] ?? [n])
    .map((n) => {
      const engine = all.find((e) => e.name === n);
      if (!engine)
        throw new StackError(
          `unknown engine '${n}'; engines: ${ENGINES.map((e) => e.name).join(', ')} (opt-in: ${Object.keys(ENGINE_GROUPS).join(', ')})`,
        );
      return engine;
    });
}

/** One `up` at a time per checkout: npm start and npm test may race to provision the same engines. */
async function withLock<T>(s: StackSettings, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(runDir(s), 'up.lock');
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(fs.readFileSync(lock, 'utf8').trim() || '0');
      if (!holder || !isAlive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new StackError(`another stack command (pid ${holder}) holds ${lock}`);
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

async function waitHealthy(s: StackSettings, engine: Engine, pid: number): Promise<void> {
  const deadline = Date.now() + engine.startTimeout * 1000;
  while (Date.now() < deadline) {
    if (await engine.healthy(s)) return;
    if (!isAlive(pid)) break;
    await sleep(300);
  }
  const tail = fs.existsSync(logFile(s, engine.name))
    ? fs.readFileSync(logFile(s, engine.name), 'utf8').trim().split('\n').slice(-12).join('\n')
    : '';
  const why = isAlive(pid) ? `did not become healthy within ${engine.startTimeout}s` : 'exited during start';
  throw new StackError(`${engine.name} ${why}; last lines of ${logFile(s, engine.name)}:\n${tail}`);
}

export async function up(names: string[] = [], say: Say = defaultSay, s = loadSettings()): Promise<void> {
  const engines = selected(names);
  await withLock(s, async () => {
    const started: Array<{ engine: Engine; pid: number; nice?: number }> = [];
    for (const engine of engines) {
      const running = readPid(s, engine.name);
      if (running) {
        started.push({ engine, pid: running });
        continue;
      }
      for (const port of engine.ports(s)) {
        if (await portOpen(port)) {
          throw new StackError(
            `port ${port} for ${engine.name} is already taken by ${portHolder(port)}; stop it or choose another port (see README, "Ports")`,
          );
        }
      }
      // Provisioning is sequential on purpose: the Go builds each want both cores.
      const launch = engine.prepare(s, say);
      // A niced start yields the CPU to the apps already serving (a broker started again beside them);
      // only where the normal priority can be given back once the engine is healthy.
      const nice = launch.startNice && mayRestorePriority() ? launch.startNice : undefined;
      const pid = startDetached(launch.cmd, launch.args, {
        cwd: engine.dir?.(s) ?? path.join(s.localDir, engine.name),
        env: launch.env,
        log: logFile(s, engine.name),
        nice,
      });
      fs.writeFileSync(pidFile(s, engine.name), String(pid));
      say(`started ${engine.name} (pid ${pid})`);
      started.push({ engine, pid, nice });
    }
    await Promise.all(
      started.map(async ({ engine, pid, nice }) => {
        await waitHealthy(s, engine, pid);
        if (nice) restorePriority(pid);
      }),
    );
    say(`healthy: ${started.map(({ engine }) => engine.name).join(', ')}`);
  });
}

export async function down(names: string[] = [], say: Say = defaultSay, s = loadSettings()): Promise<void> {
  // Stop in reverse order so clients (none here) and dependents go first.
  const engines = [...selected(names)].reverse();
  await Promise.all(
    engines.map(async (engine) => {
      const pid = readPid(s, engine.name);
      if (!pid) {
        fs.rmSync(pidFile(s, engine.name), { force: true });
        return;
      }
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        process.kill(pid, 'SIGTERM');
      }
      const deadline = Date.now() + 30_000;
      while (isAlive(pid) && Date.now() < deadline) await sleep(200);
      if (isAlive(pid)) {
        say(`${engine.name} did not stop in 30s; killing it`);
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          process.kill(pid, 'SIGKILL');
        }
      }
      fs.rmSync(pidFile(s, engine.name), { force: true });
      say(`stopped ${engine.name}`);
    }),
  );
}

export interface EngineStatus {
  name: string;
  pid?: number;
  ports: number[];
  healthy: boolean;
}

/** Each engine's pid, ports and health: the default engines, or the ones named (`status kafka-cluster`). */
export async function status(s = loadSettings(), names: string[] = []): Promise<EngineStatus[]> {
  const engines = selected(names);
  return Promise.all(
    engines.map(async (engine) => ({
      name: engine.name,
      pid: readPid(s, engine.name),
      ports: engine.ports(s),
      healthy: await engine.healthy(s),
    })),
  );
}

/** The opt-in engines that are running now (a pid file whose process is alive). */
export function runningOptIn(s = loadSettings()): string[] {
  return CLUSTER_ENGINES.filter((e) => readPid(s, e.name) !== undefined).map((e) => e.name);
}

/** True when every engine answers, whoever started it (tools/stack, CI, or engines given by environment). */
export async function allHealthy(s = loadSettings()): Promise<boolean> {
  const results = await Promise.all(ENGINES.map((e) => e.healthy(s)));
  return results.every(Boolean);
}
