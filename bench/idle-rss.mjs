// Idle RSS of every service and the BFF of a running site (`npm start`: the BFF on 8080, account, season,
// trade, files and chat on 4001–4005; BENCH_BFF_PORT and BENCH_SERVICE_PORT_BASE change them). Each
// process is found by the port it listens on (`ss -ltnp`; by its command line when ss names no process),
// and its resident size (VmRSS) and peak (VmHWM) read from /proc. Idle means no traffic beyond the
// readiness check: bench/run-all.mjs measures the site it started itself before anything else touches it;
// a site that has been in use reports what it holds now. Writes bench/results/idle-rss.json.
//   node bench/idle-rss.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 8080);
const BASE = Number(process.env.BENCH_SERVICE_PORT_BASE ?? 4001);
const APPS = [
  ...['account', 'season', 'trade', 'files', 'chat'].map((name, i) => ({
    name,
    port: BASE + i,
    entry: `services/${name}/dist/main.js`,
  })),
  { name: 'bff', port: BFF_PORT, entry: 'bff/dist/main.js' },
];

function pidByPort(port) {
  const ss = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(ss.stdout ?? '');
  return m ? Number(m[1]) : undefined;
}

function pidByCommandLine(entry) {
  for (const dir of readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      const cmd = readFileSync(`/proc/${dir}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => a.endsWith(entry))) return Number(dir);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

const kb = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);

const processes = [];
for (const app of APPS) {
  let pid = pidByPort(app.port);
  let foundBy = 'port';
  if (pid === undefined) {
    pid = pidByCommandLine(app.entry);
    foundBy = 'command line';
  }
  if (pid === undefined) {
    processes.push({ ...app, error: `nothing listens on ${app.port} and no process runs ${app.entry}` });
    continue;
  }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const row = {
    ...app,
    pid,
    foundBy,
    rssMB: +((kb(status, 'VmRSS') * 1024) / 1e6).toFixed(1),
    peakMB: +((kb(status, 'VmHWM') * 1024) / 1e6).toFixed(1),
  };
  processes.push(row);
}
for (const p of processes)
  console.log(
    p.error
      ? `${p.name.padEnd(8)} ${p.error}`
      : `${p.name.padEnd(8)} pid ${p.pid} (by ${p.foundBy}, port ${p.port}): RSS ${p.rssMB} MB, peak ${p.peakMB} MB`,
  );
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(
  path.join(here, 'results', 'idle-rss.json'),
  `${JSON.stringify({ benchmark: 'idle RSS of every service and the BFF', unit: 'MB (10^6 bytes)', processes, at: new Date().toISOString() }, null, 2)}\n`,
);
if (processes.some((p) => p.error)) process.exitCode = 1;
