// Read-your-writes (issue 27): the wait the mechanism adds, as `npm run bench` reports it. Runs the reliability
// suite reliability/read-your-writes.test.ts (two replicas of every app behind nginx, ~200 requests a second of
// background reads, every pair of the issue in write-then-read cycles) with RYW_RESULTS pointing at
// bench/results/read-your-writes.json, where the suite writes its figures: each pair's cycles and stale reads,
// and the services' `consistency_wait_seconds` histograms summed over every replica (p50/p95/p99 per kind:
// `read` is what a request carrying a token waited, `write` what a write waited for this service's own
// consumers, `publish` what a write waited for its relay, `catch-up` a use case's catch-up), the same per pair,
// each consumer group's time per stage, and the platform lock's waits per app and lock name.
//
//   node bench/read-your-writes.mjs        (RYW_CYCLES, RYW_LANES, RYW_LOAD_RATE as the suite reads them)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const out = path.join(here, 'results', 'read-your-writes.json');
mkdirSync(path.dirname(out), { recursive: true });
rmSync(out, { force: true });

const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/jest/bin/jest.js'),
    '-c',
    'reliability/jest.config.js',
    'reliability/read-your-writes.test.ts',
    '--forceExit',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, RYW_RESULTS: out } },
);
if (!existsSync(out)) {
  console.error(`the suite wrote no figures (exit ${run.status})`);
  process.exit(1);
}
const r = JSON.parse(readFileSync(out, 'utf8'));
const stale = r.pairs.reduce((n, p) => n + p.stale, 0);
console.log(
  `read-your-writes: ${r.pairs.length} pairs, ${r.pairs.reduce((n, p) => n + p.cycles, 0)} cycles, ${stale} stale reads; ` +
    `read wait p95 ${r.waits.read?.p95Ms?.toFixed(1) ?? '-'} ms (goal 50)`,
);
// Where each consumer group's time went (delivery: produce to handler start; handler; applied: the offset recorded).
for (const [key, q] of Object.entries(r.eventsByGroup ?? {}))
  console.log(
    `  ${key.padEnd(48)} ${String(q.count).padStart(6)} events, p50 ${q.p50Ms?.toFixed(1)} / p95 ${q.p95Ms?.toFixed(1)} ms`,
  );
// Each pair's own reads carrying a token, per app (the services' histograms before and after the pair).
for (const p of r.pairs) {
  const reads = Object.entries(p.waits ?? {})
    .filter(([app, w]) => app !== 'locks' && w.read)
    .map(([app, w]) => `${app} ${w.read.count} reads p95 ${w.read.p95Ms?.toFixed(1)} ms`);
  console.log(`  ${p.pair.padEnd(66)} ${reads.join('; ') || 'no reads carrying a token'}`);
}
// Who waited for the platform's lock (per app and lock name): p95 above 10 ms only.
for (const [key, q] of Object.entries(r.locks ?? {}))
  if ((q.p95Ms ?? 0) > 10)
    console.log(
      `  lock ${key.padEnd(43)} ${String(q.count).padStart(6)} waits, p50 ${q.p50Ms?.toFixed(1)} / p95 ${q.p95Ms?.toFixed(1)} ms`,
    );
process.exit(run.status === 0 && stale === 0 && (r.waits.read?.p95Ms ?? 0) <= 50 ? 0 : 1);
