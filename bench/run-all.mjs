// `npm run bench`: every benchmark, one after the other, and one table.
//
// Builds the services (`npx tsc -b tsconfig.build.json`), checks the engines (`npm run stack -- status`),
// then runs each bench as a child process (one that crashes or times out is a failed row with its reason;
// the rest still run), reads the bench/results/<name>.json it wrote in this run, and prints one table:
// measure | figure | baseline (same run) | ratio | goal | pass/fail. Last comes the site phase: the site of
// `npm start` when it answers on BENCH_SITE_URL (http://127.0.0.1:8080), otherwise a site of its own
// (frontend built when stale, demo seeded, every service and the BFF on free ports, stopped at the end),
// whose idle RSS is read first and whose landing page and leaderboard LCP are measured in headless Chromium,
// then Lighthouse on five pages.
// Writes bench/results/summary.json, each bench's output to bench/results/<name>.log, and the table into
// bench/README.md between the bench:table markers. See bench/README.md for the environment variables.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answers, startSite, stopSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const results = path.join(here, 'results');
const QUICK = ['1', 'true', 'yes'].includes(String(process.env.BENCH_QUICK ?? '').toLowerCase());
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 20) * 60_000;
const list = (v) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const ONLY = list(process.env.BENCH_ONLY);
const SKIP = list(process.env.BENCH_SKIP);
const SITE_URL = (process.env.BENCH_SITE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

/** A quick-run default for a variable the bench reads, unless the caller set it. */
const quick = (name, value) => (QUICK && process.env[name] === undefined ? { [name]: value } : {});
const num = (v, digits = 1) =>
  v === undefined || v === null || Number.isNaN(v)
    ? '-'
    : Number(v).toLocaleString('en-US', { maximumFractionDigits: digits });
const ratio = (a, b) => {
  if (a === undefined || b === undefined || !b) return '-';
  const r = a / b;
  return `${r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}×`;
};
const verdict = (ok, why = '') => (ok === null ? 'report' : ok ? 'pass' : `MISSED${why ? ` (${why})` : ''}`);
const say = (line) => console.log(`\x1b[1m[bench]\x1b[0m ${line}`);

const uploadMiB = process.env.BENCH_UPLOAD_MIB ?? (QUICK ? '256' : '1024');
const chatClients = process.env.BENCH_CHAT_CLIENTS ?? (QUICK ? '200' : '1000');
const chatMessages = process.env.BENCH_CHAT_MESSAGES ?? (QUICK ? '10' : '20');

/**
 * Every bench: its script, the result file it writes, the variables of a quick run, whether it needs the
 * engines, the measures it stands for (the rows a failure fills) and how its result becomes rows.
 */
const BENCHES = [
  {
    name: 'gamefiles',
    script: 'gamefiles.bench.mjs',
    result: 'gamefiles.json',
    engines: false,
    env: quick('BENCH_ITERATIONS', '50'),
    measures: ['player.gdc stats parse', '1 MB stash read + write'],
    rows(r) {
      const find = (prefix) => r.results.find((x) => x.label.startsWith(prefix));
      const player = find('player.gdc');
      const stash = find('stash read + write');
      const changed = find('stash read + change');
      return [
        {
          measure: `player.gdc stats parse (${num(r.playerBytes / 1000, 0)} kB), p50 of ${player.iterations}`,
          figure: `${num(player.p50, 3)} ms (p95 ${num(player.p95, 3)})`,
          baseline: r.baselines ? `readFileSync ${num(r.baselines.playerRead.p50, 3)} ms` : '-',
          ratio: ratio(player.p50, r.baselines?.playerRead.p50),
          goal: '≤ 2 ms',
          pass: verdict(player.p50 <= 2),
        },
        {
          measure: `${num(r.stashBytes / 1e6, 2)} MB stash read + write, p50 of ${stash.iterations}`,
          figure: `${num(stash.p50, 3)} ms (p95 ${num(stash.p95, 3)})`,
          baseline: r.baselines ? `file read + write ${num(r.baselines.stashReadWrite.p50, 3)} ms` : '-',
          ratio: ratio(stash.p50, r.baselines?.stashReadWrite.p50),
          goal: '≤ 8 ms',
          pass: verdict(stash.p50 <= 8),
        },
        ...(changed
          ? [
              {
                measure: `the same with one item changed in the first tab (every tab encrypted again), p50 of ${changed.iterations}`,
                figure: `${num(changed.p50, 3)} ms (p95 ${num(changed.p95, 3)})`,
                baseline: r.baselines ? `file read + write ${num(r.baselines.stashReadWrite.p50, 3)} ms` : '-',
                ratio: ratio(changed.p50, r.baselines?.stashReadWrite.p50),
                goal: '- (shown beside the goal)',
                pass: '-',
              },
            ]
          : []),
      ];
    },
  },
  {
    name: 'gamedata',
    script: 'gamedata.bench.mjs',
    result: 'gamedata.json',
    engines: false,
    env: quick('BENCH_GAMEDATA_RUNS', '1'),
    measures: ['game data extraction from disk: time and peak − idle RSS'],
    rows(r) {
      const secondsOk = r.medianSeconds <= r.goal.seconds;
      const memoryOk = r.maxGrowthMB <= r.goal.growthMB;
      return [
        {
          measure: `game data extraction from disk: ${num(r.records, 0)}-record .arz (${num(r.arzBytes / 1e6, 0)} MB) + ${num(r.tags, 0)}-tag .arc, median of ${r.runs.length} (each its own process)`,
          figure: `${num(r.medianSeconds, 2)} s, peak − idle RSS ${num(r.maxGrowthMB, 1)} MB`,
          baseline: `the files read front to back ${num(r.baseline.readSeconds, 2)} s`,
          ratio: ratio(r.medianSeconds, r.baseline.readSeconds),
          goal: `≤ ${r.goal.seconds} s, ≤ ${r.goal.growthMB} MB`,
          pass: verdict(
            secondsOk && memoryOk,
            [!secondsOk && 'time', !memoryOk && 'memory'].filter(Boolean).join(', '),
          ),
        },
      ];
    },
  },
  {
    name: 'stash-page',
    script: 'stash-page.bench.mjs',
    result: 'stash-page.json',
    env: quick('BENCH_REQUESTS', '150'),
    measures: ['stash page p95 with names from the game data, 1 and 4 in flight'],
    rows(r) {
      return r.ratios.flatMap((x, i) =>
        [
          ['named (en)', r.resolved[i], x.resolved],
          ['named as a German reader', r.german[i], x.german],
        ].map(([how, p, q]) => ({
          measure: `stash page p95, ${num(r.stashItems, 0)} items, ${how}, ${x.concurrency} in flight (set of ${num(r.set.items, 0)} items)`,
          figure: `${num(p.p95Ms, 2)} ms`,
          baseline: `table only ${num(r.baseline[i].p95Ms, 2)} ms`,
          ratio: num(q, 2),
          goal: '≤ 1.10 × table only',
          pass: verdict(q <= 1.1),
        })),
      );
    },
  },
  {
    name: 'frontend-size',
    script: 'frontend-size.mjs',
    args: ['--budget-kb', '180'],
    result: 'frontend-size.json',
    engines: false,
    measures: ['landing page initial JS, gzip'],
    rows(r) {
      const kb = r.initialGzipBytes / 1000;
      const chunks = r.chunks.map((c) => `${c.chunk} ${num(c.gzip / 1000, 0)}`).join(', ');
      return [
        {
          measure: 'landing page initial JS, gzip -9',
          figure: `${num(kb)} kB (${chunks})`,
          baseline: '-',
          ratio: '-',
          goal: '≤ 180 kB',
          pass: verdict(kb <= 180),
        },
      ];
    },
  },
  {
    name: 'leaderboard',
    script: 'leaderboard.bench.mjs',
    result: 'leaderboard.json',
    engines: true,
    env: { ...quick('BENCH_PARTICIPANTS', '2000'), ...quick('BENCH_REQUESTS', '300') },
    measures: ['leaderboard p95, 1 in flight', 'leaderboard p95, 4 in flight'],
    rows(r) {
      return r.passes.map((p) => {
        const db = r.databaseFind?.passes.find((d) => d.concurrency === p.concurrency);
        const atGoal = p.concurrency === (r.goal?.concurrency ?? 4);
        return {
          measure: `leaderboard p95, ${num(r.participants, 0)} participants, ${p.concurrency} in flight (${p.requests} requests)`,
          figure: `${num(p.p95Ms, 2)} ms${p.failures ? `, ${p.failures} failed` : ''}`,
          baseline: db ? `indexed find on the DB ${num(db.p95Ms, 2)} ms` : '-',
          ratio: ratio(p.p95Ms, db?.p95Ms),
          goal: atGoal ? '≤ 10 ms' : 'report',
          pass: verdict(atGoal ? p.p95Ms <= 10 && !p.failures : null),
        };
      });
    },
  },
  {
    name: 'bff',
    script: 'bff-throughput.mjs',
    result: 'bff-throughput.json',
    engines: true,
    env: quick('BENCH_SECONDS', '4'),
    measures: ['BFF req/s and p99 on a read endpoint'],
    rows(r) {
      const { bff, direct, bare, hpm } = r.passes;
      return [
        {
          measure: `BFF req/s and p99, GET ${new URL(direct.url).pathname} (autocannon, ${r.connections} keep-alive connections, ${r.secondsPerPass} s in ${r.rounds} interleaved rounds)`,
          figure: `${num(bff.requestsPerSecond, 0)} req/s, p99 ${bff.p99Ms} ms (CPU ${bff.cpuMicrosecondsPerRequest.proxyUs} µs a request)`,
          baseline: `straight at the service ${num(direct.requestsPerSecond, 0)} req/s, p99 ${direct.p99Ms} ms; a bare Node proxy ${num(bare.requestsPerSecond, 0)} req/s (${r.bareProxyRatio}×, CPU ${bare.cpuMicrosecondsPerRequest.proxyUs} µs); the proxy library alone ${num(hpm.requestsPerSecond, 0)} req/s (${r.libraryAloneRatio}×, CPU ${hpm.cpuMicrosecondsPerRequest.proxyUs} µs)`,
          ratio: ratio(bff.requestsPerSecond, direct.requestsPerSecond),
          goal: '≥ 0.70 of direct',
          pass: verdict(r.ratio >= 0.7),
        },
      ];
    },
  },
  {
    name: 'trade',
    script: 'trade-search.bench.mjs',
    result: 'trade-search.json',
    engines: true,
    env: {
      ...quick('BENCH_LISTINGS', '2000,20000'),
      ...quick('BENCH_PARTICIPANTS', '1000'),
      ...quick('BENCH_REQUESTS', '100'),
      ...quick('BENCH_SETTLEMENTS', '20'),
    },
    measures: [
      'trade search p95, 10 filter mixes; growth',
      'trade search p95 as a German reader',
      'settlement end to end p95',
    ],
    rows(r) {
      const rows = [];
      const [small, large] = [r.sizes[0], r.sizes[r.sizes.length - 1]];
      const names = r.gameData
        ? `, names from a published set (${num(r.gameData.items, 0)} items, ${num(r.gameData.affixes, 0)} affixes, ${r.gameData.languages.join(' + ')})`
        : '';
      if (large) {
        const p95Ok = large.overall.p95Ms <= 50;
        const growthOk = r.growth === undefined ? null : r.growth <= 2;
        const why = [!p95Ok && 'p95', growthOk === false && 'growth'].filter(Boolean).join(', ');
        rows.push({
          measure: `trade search p95, ${num(large.listings, 0)} listings${names}, ${large.mixes.length} filter mixes × ${r.requestsPerMix}; growth from ${num(small.listings, 0)}`,
          figure: `${num(large.overall.p95Ms, 2)} ms`,
          baseline: small === large ? '-' : `the same at ${num(small.listings, 0)}: ${num(small.overall.p95Ms, 2)} ms`,
          ratio: small === large ? '-' : `${num(r.growth, 2)}×`,
          goal: '≤ 50 ms; growth ≤ 2×',
          pass: verdict(p95Ok && growthOk !== false, why),
        });
      }
      if (large?.germanReader)
        rows.push({
          measure: `trade search p95 as a German reader (Accept-Language: de, the page's listings named on first use), ${num(large.listings, 0)} listings; publishing the set again with them open: renamed after ${num(large.publish.ms, 0)} ms, the event loop held at most ${num(large.publish.longestStallMs, 0)} ms`,
          figure: `${num(large.germanReader.p95Ms, 2)} ms`,
          baseline: `an English reader, same run: ${num(large.overall.p95Ms, 2)} ms`,
          ratio: ratio(large.germanReader.p95Ms, large.overall.p95Ms),
          goal: '≤ 50 ms',
          pass: verdict(large.germanReader.p95Ms <= 50),
        });
      const s = r.settlement;
      if (s) {
        const ok = s.n > 0 && !s.notClosed?.length && s.p95Ms <= 500;
        rows.push({
          measure: `settlement end to end p95 (buyout → requested → stand-in season completes → listing closed), ${s.n} buyouts`,
          figure: s.n
            ? `${num(s.p95Ms, 1)} ms${s.notClosed?.length ? `, ${s.notClosed.length} never closed` : ''}`
            : 'none closed',
          baseline: r.kafkaRoundTrip ? `one Kafka round trip ${num(r.kafkaRoundTrip.p95Ms, 1)} ms` : '-',
          ratio: ratio(s.p95Ms, r.kafkaRoundTrip?.p95Ms),
          goal: '≤ 500 ms',
          pass: verdict(ok),
        });
      } else rows.push(failedRow('settlement end to end p95', 'no settlement figure in trade-search.json'));
      return rows;
    },
  },
  {
    name: 'saved-search',
    script: 'saved-search.bench.mjs',
    result: 'saved-search.json',
    engines: true,
    env: { ...quick('BENCH_OPENINGS', '100'), ...quick('BENCH_E2E', '20') },
    measures: ['saved searches: listing opened → New Match notifications written, handler p95'],
    rows(r) {
      const large = r.sizes[r.sizes.length - 1];
      return [
        {
          measure: `saved searches (issue 20): listing opened → New Match written, handler p95 at ${num(large.savedSearches, 0)} searches`,
          figure: `${num(large.handler.p95Ms, 2)} ms (Kafka end to end p95 ${num(large.endToEnd.p95Ms, 1)} ms)`,
          baseline: `in-memory matcher alone ${num(large.matcher.p95Ms, 3)} ms`,
          ratio: ratio(large.handler.p95Ms, large.matcher.p95Ms),
          goal: large.savedSearches >= 10_000 ? '≤ 50 ms' : '≤ 50 ms (at 10,000)',
          pass: verdict(large.handler.p95Ms <= 50),
        },
      ];
    },
  },
  {
    name: 'duplicates',
    script: 'duplicates.bench.mjs',
    result: 'duplicates.json',
    engines: true,
    env: { ...quick('BENCH_INSTANCES', '100000'), ...quick('BENCH_ROUNDS', '10') },
    measures: ['duplicate detection at upload, per item, at 1,000,000 stored instances'],
    rows(r) {
      const d = r.detectionMsPerItem;
      const u = r.uploadMsPerItem;
      return [
        {
          measure: `duplicate detection at upload (issue 29), per uploaded item, ${num(r.storedInstances, 0)} stored instances, batches of ${r.batch} × ${r.rounds}`,
          figure: `${num(d.p50, 3)} ms (p95 ${num(d.p95, 3)}); a copy of a stored instance ${num(r.copyDetectionMsPerItem.p50, 2)} ms; whole upload ${num(u.checked.p50, 2)} ms/item`,
          baseline: `the same upload without identities ${num(u.withoutIdentity.p50, 2)} ms/item`,
          ratio: ratio(u.checked.p50, u.withoutIdentity.p50),
          goal: r.storedInstances >= 1_000_000 ? '≤ 1 ms' : '≤ 1 ms (at 1,000,000)',
          pass: verdict(d.p50 <= 1),
        },
      ];
    },
  },
  {
    name: 'read-your-writes',
    script: 'read-your-writes.mjs',
    result: 'read-your-writes.json',
    engines: true,
    env: { ...quick('RYW_CYCLES', '60'), ...quick('RYW_LANES', '3') },
    measures: ['read-your-writes: wait a token adds, p95; stale reads'],
    rows(r) {
      const cycles = r.pairs.reduce((n, p) => n + p.cycles, 0);
      const stale = r.pairs.reduce((n, p) => n + p.stale, 0);
      const w = (kind) => r.waits[kind] ?? {};
      const p95 = w('read').p95Ms;
      return [
        {
          measure: `read-your-writes (issue 27): wait a read carrying a token adds, p95 over every replica; ${r.pairs.length} pairs × ${r.cycles} write-then-read cycles, 2 replicas of each app, ~${r.load?.ratePerSecond ?? '-'} req/s of background reads`,
          figure: `${num(p95, 1)} ms (p50 ${num(w('read').p50Ms, 1)}, ${num(w('read').count, 0)} reads, ${num(w('read').timeouts, 0)} at the bound); ${stale} stale reads in ${num(cycles, 0)} cycles`,
          baseline: `the write's own waits: publish p95 ${num(w('publish').p95Ms, 1)} ms, own consumers p95 ${num(w('write').p95Ms, 1)} ms`,
          ratio: '-',
          goal: '≤ 50 ms; 0 stale',
          pass: verdict(
            p95 !== undefined && p95 <= 50 && stale === 0,
            [stale && 'stale reads', !(p95 <= 50) && 'p95'].filter(Boolean).join(', '),
          ),
        },
      ];
    },
  },
  {
    name: 'chat',
    script: 'chat-fanout.mjs',
    args: ['--clients', chatClients, '--messages', chatMessages],
    result: 'chat-fanout.json',
    engines: true,
    measures: ['chat fan-out p95, one channel, every message delivered'],
    rows(r) {
      const all = r.deliveries.received === r.deliveries.expected;
      const p95Ok = r.latencyMs.p95 <= 50;
      const raw = r.rawWsBaseline;
      return [
        {
          measure: `chat fan-out p95, ${num(r.clients, 0)} clients in one channel, ${r.messages} messages, every one delivered`,
          figure: `${num(r.latencyMs.p95, 1)} ms, ${num(r.deliveries.received, 0)}/${num(r.deliveries.expected, 0)} delivered`,
          baseline: raw
            ? `raw ws broadcast ${num(raw.latencyMs.p95, 1)} ms, ${num(raw.deliveries.received, 0)}/${num(raw.deliveries.expected, 0)}`
            : '-',
          ratio: ratio(r.latencyMs.p95, raw?.latencyMs.p95),
          goal: '≤ 50 ms, all delivered',
          pass: verdict(p95Ok && all, [!p95Ok && 'p95', !all && 'deliveries'].filter(Boolean).join(', ')),
        },
      ];
    },
  },
  {
    name: 'upload',
    script: 'files-upload.mjs',
    args: [uploadMiB],
    result: 'files-upload.json',
    engines: true,
    measures: ['upload through the BFF: throughput', 'upload: BFF peak − idle RSS', 'upload: files peak − idle RSS'],
    rows(r) {
      const size = `${num(r.bytes / 2 ** 30, 2)} GiB`;
      const ready = r.status === 'ready';
      const mem = (name) => {
        const growth = r.growthMB?.[name];
        return {
          measure: `${size} upload: ${name === 'bff' ? 'BFF' : 'files'} peak RSS − idle RSS`,
          figure:
            growth === undefined
              ? '-'
              : `${num(growth, 1)} MB (idle ${num(r.idleRssMiB[name] * 1.048576, 0)}, peak ${num(r.peakRssMiB[name] * 1.048576, 0)})`,
          baseline: '-',
          ratio: '-',
          goal: '≤ 64 MB',
          pass:
            growth === undefined
              ? 'failed (no idle RSS)'
              : verdict(growth <= 64 && ready, ready ? '' : `upload ${r.status}`),
        };
      };
      const copy = r.diskCopyBaseline;
      return [
        {
          measure: `${size} upload through the BFF into files: throughput (then processed in ${num(r.processingSeconds, 1)} s, ${r.status})`,
          figure: `${num(r.uploadMiBPerSecond, 1)} MiB/s`,
          baseline: copy
            ? `disk stream copy ${num(copy.streamCopy.MiBPerSecond, 0)} MiB/s (copyFile ${num(copy.copyFile.MiBPerSecond, 0)})`
            : '-',
          ratio: ratio(r.uploadMiBPerSecond, copy?.streamCopy.MiBPerSecond),
          goal: 'report',
          pass: ready ? 'report' : `MISSED (upload ${r.status})`,
        },
        mem('bff'),
        mem('files'),
      ];
    },
  },
  {
    name: 'idle-rss',
    script: 'idle-rss.mjs',
    result: 'idle-rss.json',
    engines: true,
    site: true,
    measures: ['idle RSS of every service and the BFF'],
    rows(r) {
      return r.processes.map((p) => ({
        measure: `idle RSS: ${p.name}`,
        figure: p.error ? '-' : `${num(p.rssMB, 0)} MB (peak ${num(p.peakMB, 0)})`,
        baseline: '-',
        ratio: '-',
        goal: 'report',
        pass: p.error ? `failed: ${p.error}` : 'report',
      }));
    },
  },
  {
    name: 'lcp',
    script: 'lcp.mjs',
    result: 'lcp.json',
    engines: true,
    site: true,
    env: quick('BENCH_LCP_LOADS', '3'),
    measures: ['LCP landing page', 'LCP leaderboard'],
    rows(r) {
      return r.routes.map((x) => ({
        measure: `LCP ${x.name} (${x.route}), headless Chromium, median of ${x.lcpMs.length} cold loads`,
        figure: `${num(x.lcpMedianMs, 0)} ms (FCP ${num(x.fcpMedianMs, 0)}${x.readyMedianMs === undefined ? '' : `, rows shown ${num(x.readyMedianMs, 0)}`}; LCP element ${x.element.split(' ')[0]})`,
        baseline: '-',
        ratio: '-',
        goal: '≤ 1.5 s',
        pass: verdict(x.lcpMedianMs <= 1500),
      }));
    },
  },
  {
    name: 'bff-site',
    script: 'bff-site.mjs',
    result: 'bff-site.json',
    engines: true,
    site: true,
    env: quick('BENCH_SECONDS', '4'),
    measures: ['BFF of the running site vs its season service'],
    rows(r) {
      return r.reads.map((x) => {
        const { bff, direct } = x.passes;
        const cpu = bff.cpuMicrosecondsPerRequest;
        return {
          measure: `BFF of the running site req/s, GET ${x.path} (autocannon, ${r.connections} keep-alive connections, ${r.secondsPerPass} s in ${r.rounds} interleaved rounds, ${num(r.clients, 0)} forwarded addresses)`,
          figure: `${num(bff.requestsPerSecond, 0)} req/s, p99 ${bff.p99Ms} ms (CPU a request: BFF ${cpu.bff} µs, season ${cpu.season} µs, supervisor ${cpu.supervisor} µs)`,
          baseline:
            `straight at the site's season ${num(direct.requestsPerSecond, 0)} req/s, p99 ${direct.p99Ms} ms` +
            (x.passes.bare
              ? `; a bare Node proxy in front of it ${num(x.passes.bare.requestsPerSecond, 0)} req/s (${x.bareRatio} of direct; the BFF ${x.bffOfBare} of it)`
              : ''),
          ratio: ratio(bff.requestsPerSecond, direct.requestsPerSecond),
          goal: `≥ ${r.target} of direct`,
          pass: verdict(x.met),
        };
      });
    },
  },
  {
    name: 'lighthouse',
    script: 'lighthouse.mjs',
    result: 'lighthouse.json',
    engines: true,
    site: true,
    env: quick('BENCH_LIGHTHOUSE_RUNS', '1'),
    measures: ['Lighthouse, mobile: landing, leaderboard, item, trade search, stash'],
    rows(r) {
      const g = r.goals;
      return r.pages.map((p) => {
        const m = p.median;
        const landing = p.name === 'landing';
        return {
          measure: `Lighthouse ${r.lighthouse} ${p.name} (${p.route}${p.signedIn ? ', signed in' : ''}), mobile, median of ${p.runs.length}`,
          figure:
            `performance ${num(m.performance, 0)} (FCP ${num(m.fcpMs / 1000, 2)} s, LCP ${num(m.lcpMs / 1000, 2)} s, TBT ${num(m.tbtMs, 0)} ms, SI ${num(m.speedIndexMs / 1000, 2)} s, CLS ${num(m.cls, 3)}); ` +
            `accessibility ${num(m.accessibility, 0)}, best practices ${num(m.bestPractices, 0)}, SEO ${num(m.seo, 0)}; ` +
            `${num(m.bytes / 1000, 0)} kB transferred, ${num(m.domElements, 0)} DOM elements`,
          // The host's speed as Lighthouse measured it: the same pages score lower on a slower host.
          baseline: m.benchmarkIndex === undefined ? '-' : `host benchmarkIndex ${num(m.benchmarkIndex, 0)}`,
          ratio: '-',
          goal: `performance ≥ ${g.performance}; the rest = 100; CLS ≤ ${g.cls}${landing ? `; ≤ ${g.landingKb} kB` : ''}`,
          pass: verdict(p.met, p.misses.join(', ')),
        };
      });
    },
  },
];

function failedRow(measure, reason) {
  return { measure, figure: '-', baseline: '-', ratio: '-', goal: '-', pass: `failed: ${reason}` };
}

let current; // the child running now, stopped with the run on Ctrl-C

/** Runs one bench as a child process in its own process group; its output goes to results/<name>.log. */
function runBench(bench, extraEnv = {}) {
  const started = Date.now();
  const log = path.join(results, `${bench.name}.log`);
  const out = createWriteStream(log);
  const child = spawn(process.execPath, [path.join(here, bench.script), ...(bench.args ?? [])], {
    cwd: root,
    env: { ...process.env, ...(bench.env ?? {}), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  current = child;
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (d) => {
      out.write(d);
      tail = (tail + d.toString()).slice(-4_000);
      if (VERBOSE) process.stdout.write(d.toString().replace(/^(?=.)/gm, `  ${bench.name} | `));
    });
  }
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      out.end();
      resolve({ code, signal, timedOut, seconds: (Date.now() - started) / 1000, tail, log, started });
    });
  });
}

/** SIGTERM to the child's process group (it and whatever it started), SIGKILL after 30 s. */
function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 30_000).unref();
}

/** The last meaningful line a failed bench printed (its error), shortened for a table cell. */
function reasonOf(run) {
  if (run.timedOut) return `timed out after ${TIMEOUT_MS / 60_000} min`;
  const lines = run.tail
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && l !== '}' && l !== '^');
  const error = [...lines].reverse().find((l) => /error|failed|missing|not |cannot|refused/i.test(l)) ?? lines.at(-1);
  const why = error ?? `exit ${run.code ?? run.signal}`;
  return `${why.replace(/\|/g, '/').slice(0, 140)} (exit ${run.code ?? run.signal})`;
}

/** Runs a bench and turns its fresh result file into rows, or its measures into failed rows. */
async function benchRows(bench, extraEnv) {
  say(`${bench.name}: running bench/${bench.script}${bench.args ? ` ${bench.args.join(' ')}` : ''}…`);
  const run = await runBench(bench, extraEnv);
  const file = path.join(results, bench.result);
  const fresh = existsSync(file) && statSync(file).mtimeMs >= run.started;
  const record = {
    name: bench.name,
    script: `bench/${bench.script}`,
    args: bench.args ?? [],
    env: bench.env ?? {},
    exitCode: run.code,
    signal: run.signal,
    seconds: Math.round(run.seconds),
    log: path.relative(root, run.log),
  };
  if (!fresh) {
    record.status = 'failed';
    record.reason = reasonOf(run);
    say(`${bench.name}: FAILED after ${record.seconds}s: ${record.reason} (log ${record.log})`);
    return { record, rows: bench.measures.map((m) => failedRow(m, record.reason)) };
  }
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const rows = bench.rows(json);
    record.status = run.code === 0 ? 'ok' : `exit ${run.code ?? run.signal}`;
    // A non-zero exit with its figures written: a goal missed, or the run stopped part-way (then its
    // reason goes with the rows).
    if (run.code !== 0) record.reason = reasonOf(run);
    say(`${bench.name}: ${record.status} in ${record.seconds}s (log ${record.log})`);
    return { record, rows, result: json };
  } catch (err) {
    record.status = 'failed';
    record.reason = `unreadable ${bench.result}: ${err.message}`;
    return { record, rows: bench.measures.map((m) => failedRow(m, record.reason)) };
  }
}

function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return res.status === 0;
}

/** The site for idle RSS and LCP: the running one, or one of our own on free ports. */
async function siteForBench() {
  if (await answers(`${SITE_URL}/ready`)) {
    const bffPort = Number(new URL(SITE_URL).port || 80);
    say(`site: using the running site at ${SITE_URL} (its RSS is what it holds now, not necessarily idle)`);
    return {
      own: false,
      url: SITE_URL,
      env: {
        BENCH_SITE_URL: SITE_URL,
        BENCH_BFF_PORT: String(process.env.BENCH_BFF_PORT ?? bffPort),
        BENCH_SERVICE_PORT_BASE: String(process.env.BENCH_SERVICE_PORT_BASE ?? 4001),
      },
    };
  }
  say(`site: nothing answers at ${SITE_URL}; building the frontend when stale, seeding the demo, starting one`);
  const lib = await import(pathToFileURL(path.join(root, 'tools/scripts/lib.mjs')).href);
  lib.ensureBuilt();
  lib.seedDemo();
  // At npm start's log level, so the BFF row on the site measures the logging npm start does.
  const started = await startSite({ firstBase: 14_001, log: path.join(results, 'site.log'), logLevel: 'info' });
  const { url, bffPort, base, log } = started;
  const site = {
    ...started,
    own: true,
    env: { BENCH_SITE_URL: url, BENCH_BFF_PORT: String(bffPort), BENCH_SERVICE_PORT_BASE: String(base) },
  };
  // Let consumers join and start-up work finish before the idle figures are read.
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SITE_SETTLE_S ?? 15) * 1_000));
  say(`site: ready at ${url} (services on ${base}–${base + 4}; log ${path.relative(root, log)})`);
  return site;
}

async function stopOwnSite(site) {
  if (site?.own && (await stopSite(site))) say('site: stopped');
}

function table(rows, markdown) {
  const head = ['measure', 'figure', 'baseline (same run)', 'ratio', 'goal', 'pass/fail'];
  const cells = rows.map((r) => [r.measure, r.figure, r.baseline, r.ratio, r.goal, r.pass]);
  if (markdown) {
    const esc = (c) => String(c).replace(/\|/g, '\\|');
    return [head, head.map(() => '---'), ...cells].map((c) => `| ${c.map(esc).join(' | ')} |`).join('\n');
  }
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (c) => c.map((x, i) => String(x).padEnd(width[i])).join(' | ');
  return [line(head), width.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

async function writeReadme(markdown) {
  const file = path.join(here, 'README.md');
  const start = '<!-- bench:table:start -->';
  const end = '<!-- bench:table:end -->';
  let text = readFileSync(file, 'utf8');
  const block = `${start}\n\n${markdown}\n\n${end}`;
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  } else text = `${text.trimEnd()}\n\n## Latest table\n\n${block}\n`;
  try {
    // The repository checks formatting (prettier --check): format the file as `npm run format` would.
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    text = await prettier.format(text, { ...options, filepath: file });
  } catch (err) {
    say(`README: not formatted (${err.message})`);
  }
  writeFileSync(file, text);
}

async function main() {
  const t0 = Date.now();
  mkdirSync(results, { recursive: true });
  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    model: cpus[0]?.model?.trim() ?? 'unknown',
    memoryGB: +(os.totalmem() / 1e9).toFixed(1),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  say(`${QUICK ? 'quick run (BENCH_QUICK)' : 'full run'} on ${machine.cpus} × ${machine.model}, node ${machine.node}`);

  say('building the services: npx tsc -b tsconfig.build.json');
  if (!sh('npx', ['tsc', '-b', 'tsconfig.build.json'])) {
    console.error('[bench] the build failed: fix it first (npx tsc -b tsconfig.build.json)');
    process.exit(1);
  }
  const statusCli = path.join(root, 'tools/stack/dist/cli.js');
  const engines = existsSync(statusCli) && sh(process.execPath, [statusCli, 'status']);
  if (!engines)
    say('the engines are not all up: run `npm run stack -- up`; the benches that need them are marked failed');

  const selected = BENCHES.filter((b) => (!ONLY.length || ONLY.includes(b.name)) && !SKIP.includes(b.name));
  const records = [];
  const rows = [];
  let stopped = false;
  const onSignal = () => {
    stopped = true;
    if (current) killGroup(current);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let site;
  let siteError;
  for (const bench of selected) {
    if (stopped) break;
    if (bench.engines && !engines) {
      const reason = 'engines not up (npm run stack -- up)';
      records.push({ name: bench.name, status: 'failed', reason });
      rows.push(...bench.measures.map((m) => failedRow(m, reason)));
      continue;
    }
    let extraEnv = {};
    if (bench.site) {
      if (!site && !siteError) {
        try {
          site = await siteForBench();
        } catch (err) {
          siteError = `no site: ${err.message}`;
          say(siteError);
        }
      }
      if (siteError) {
        records.push({ name: bench.name, status: 'failed', reason: siteError });
        rows.push(...bench.measures.map((m) => failedRow(m, siteError)));
        continue;
      }
      extraEnv = site.env;
    }
    const r = await benchRows(bench, extraEnv);
    records.push(r.record);
    rows.push(...r.rows);
  }
  await stopOwnSite(site);

  const seconds = Math.round((Date.now() - t0) / 1000);
  const at = new Date();
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const heading =
    `${QUICK ? 'Quick run (BENCH_QUICK=1: smaller sizes, see each row)' : 'Full run'}, ${when}, ` +
    `${machine.cpus} cores (${machine.model}), ${machine.memoryGB} GB, node ${machine.node}; ` +
    `${Math.floor(seconds / 60)} min ${seconds % 60} s${stopped ? '; STOPPED before the end' : ''}.`;
  const failed = records.filter((r) => r.status === 'failed').length;
  const missed = rows.filter((r) => String(r.pass).startsWith('MISSED')).length;

  console.log(`\n${heading}\n`);
  console.log(table(rows, false));
  console.log(`\n${missed} goal(s) missed, ${failed} bench(es) failed. Logs: bench/results/<name>.log\n`);

  writeFileSync(
    path.join(results, 'summary.json'),
    `${JSON.stringify({ at: at.toISOString(), seconds, quick: QUICK, machine, benches: records, rows }, null, 2)}\n`,
  );
  if (!stopped && !ONLY.length && !SKIP.length) {
    await writeReadme(`${heading}\n\n${table(rows, true)}`);
    say('bench/README.md: table updated');
  } else say('bench/README.md left alone (a partial run: BENCH_ONLY, BENCH_SKIP or stopped)');
  process.exitCode = failed || missed || stopped ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
