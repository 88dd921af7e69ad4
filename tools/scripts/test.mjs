// `npm test`: every workspace's tests against the real engines, then the browser journeys against the
// site as `npm start` runs it. Ends with one line `N passed, N failed` (CI reads it) and exits non-zero
// on any failure. Options: --no-e2e, --no-schemathesis, --only-e2e (the journeys alone; jest arguments then pick
// journeys), --only-reliability (the reliability phase alone: `npm run test:reliability`), and jest arguments after `--` (e.g.
// `npm test -- --selectProjects @league/bff`). After the jest projects, the reliability phase (reliability/:
// concurrency, engine faults, two replicas; it stops and starts engines, so it runs alone); then schemathesis
// fuzzes every service's OpenAPI document (tools/scripts/schemathesis.mjs): one passed or failed per service.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  ensureBuilt,
  ensureInstalled,
  playDemo,
  root,
  say,
  seedDemo,
  stack,
  uploadDemoGameFiles,
  waitReady,
} from './lib.mjs';
import { runSchemathesis } from './schemathesis.mjs';

const args = process.argv.slice(2);
const skipE2e = args.includes('--no-e2e') || process.env.LEAGUE_SKIP_E2E === '1';
const skipFuzz = args.includes('--no-schemathesis') || process.env.LEAGUE_SKIP_SCHEMATHESIS === '1';
const onlyE2e = args.includes('--only-e2e');
const onlyReliability = args.includes('--only-reliability');
const jestArgs = args.filter(
  (a) => !['--no-e2e', '--no-schemathesis', '--only-e2e', '--only-reliability', '--'].includes(a),
);
const resultsDir = path.join(root, '.local', 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const summaryFile = path.join(root, '.local', 'test-summary.txt');
fs.rmSync(summaryFile, { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** The engines of this run (set in main); stopped at the end when they are containers. */
let engines;
const failures = [];

function runJest(label, config, extra = [], env = {}) {
  const out = path.join(resultsDir, `${label}.json`);
  fs.rmSync(out, { force: true });
  say(`running ${label} tests…`);
  const res = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/jest/bin/jest.js'),
      '-c',
      config,
      '--json',
      `--outputFile=${out}`,
      '--forceExit',
      ...extra,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (!fs.existsSync(out)) {
    failures.push(`${label}: jest produced no results (exit ${res.status})`);
    totals.failed += 1;
    return;
  }
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // A suite that failed to load runs no tests; count it, or a broken file would pass silently.
  for (const suite of r.testResults) {
    if (suite.status === 'failed' && suite.assertionResults.length === 0) {
      totals.failed += 1;
      failures.push(
        `${path.relative(root, suite.name)}: ${suite.message.split('\n').find((l) => l.trim()) ?? 'failed to run'}`,
      );
    }
  }
  if (r.numTotalTests === 0) {
    totals.failed += 1;
    failures.push(`${label}: no tests ran`);
  }
}

async function finish() {
  await engines?.stop().catch((err) => failures.push(`stopping the engine containers: ${err.message}`));
  const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
  fs.writeFileSync(summaryFile, `${line}\n`);
  if (failures.length) console.log(`\nproblems:\n  ${failures.join('\n  ')}`);
  console.log(`\n${line}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

async function main() {
  ensureInstalled();
  ensureBuilt({ frontend: !skipE2e && !onlyReliability });
  // The one place the engines are chosen (tools/stack/src/test-engines.ts): the stack by default,
  // testcontainers with ENGINES=containers where Docker answers, the environment with LEAGUE_EXTERNAL_ENGINES=1.
  const { prepareTestEngines } = createRequire(import.meta.url)(path.join(root, 'tools/stack/dist/test-engines.js'));
  engines = await prepareTestEngines({ say, startStack: () => stack('up') });
  Object.assign(process.env, engines.env);
  if (engines.source !== 'stack') process.env.LEAGUE_ENGINES_FROM_ENV = '1';

  if (onlyReliability) {
    runReliability(jestArgs);
    return finish();
  }
  if (!onlyE2e) {
    // Two suites at a time: most of a service suite's time is spent waiting on the engines and its events
    // (jest's default on 2 cores is one worker, which left half the machine idle: 26 minutes instead of ~15).
    runJest('unit-and-component', 'jest.config.js', ['--maxWorkers=2', ...jestArgs]);
    if (!jestArgs.length) runReliability();
    if (!skipFuzz && !jestArgs.length) await fuzzServices();
    if (skipE2e || jestArgs.length) return finish();
  }

  sh_ensureChromium();
  // The journeys visit every page of the demo league `npm start` shows, so they get the same seeds.
  seedDemo();
  // The journeys run against the site exactly as `npm start` runs it, on ports of their own so a developer's
  // running `npm start` is left alone.
  const bffPort = Number(process.env.E2E_BFF_PORT ?? 18080);
  const site = spawn(
    process.execPath,
    [
      path.join(root, 'tools/stack/dist/site.js'),
      '--bff-port',
      String(bffPort),
      '--service-port-base',
      String(bffPort - 4079),
      '--json',
    ],
    {
      cwd: root,
      stdio: [
        'ignore',
        fs.openSync(path.join(resultsDir, 'e2e-site.log'), 'w'),
        fs.openSync(path.join(resultsDir, 'e2e-site.log'), 'a'),
      ],
      env: { ...process.env, LOG_LEVEL: 'info' },
    },
  );
  try {
    await waitReady(`http://127.0.0.1:${bffPort}/ready`, site);
    // The demo seed's last steps, as `npm start` runs them: an admin uploads the demo league's game files and
    // they are published, then player3 syncs a real save and stash through the launcher's API. One check each
    // in the totals: they must work against the site the journeys visit.
    try {
      const files = await uploadDemoGameFiles(bffPort);
      say(
        `demo game files: ${files.map((f) => `${f.fileName} ${f.branch} ${f.uploaded ? 'uploaded' : 'unchanged'}`).join(', ')}`,
      );
      totals.passed += 1;
    } catch (err) {
      totals.failed += 1;
      failures.push(`demo game files: ${err.message}`);
    }
    try {
      const steps = await playDemo(bffPort);
      say(`demo launcher sync: ${steps.map((s) => s.step).join(', ')}`);
      totals.passed += 1;
    } catch (err) {
      totals.failed += 1;
      failures.push(err.message);
    }
    runJest('e2e', 'e2e/jest.config.js', onlyE2e ? jestArgs : [], { BASE_URL: `http://127.0.0.1:${bffPort}` });
  } catch (err) {
    totals.failed += 1;
    failures.push(`e2e: ${err.message} (see .local/test-results/e2e-site.log)`);
  } finally {
    site.kill('SIGTERM');
    await new Promise((r) => (site.exitCode !== null ? r() : site.once('exit', r)));
  }
  finish();
}

/**
 * The reliability phase: 200 parallel buyouts, Kafka, Redis and FerretDB stopped and started during
 * settlements, services SIGKILLed, two replicas. Its own jest config, not a root project: it stops engines.
 */
function runReliability(extra = []) {
  const t0 = Date.now();
  runJest('reliability', 'reliability/jest.config.js', extra);
  say(`reliability phase: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** schemathesis against every service's /openapi.json: one passed or failed per service in the totals. */
async function fuzzServices() {
  say('fuzzing each service with schemathesis…');
  try {
    for (const r of await runSchemathesis({ examples: Number(process.env.SCHEMATHESIS_EXAMPLES ?? 10) })) {
      if (r.passed) totals.passed += 1;
      else {
        totals.failed += 1;
        failures.push(
          `schemathesis ${r.service}: ${r.summary} (see .local/test-results/schemathesis/${r.service}.txt)`,
        );
      }
    }
  } catch (err) {
    totals.failed += 1;
    failures.push(`schemathesis: ${err.message}`);
  }
}

function sh_ensureChromium() {
  const res = spawnSync(process.execPath, [path.join(root, 'e2e/scripts/ensure-chromium.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('Chromium is not available for the browser journeys');
}

main().catch((err) => {
  console.error(`[league] ${err.message}`);
  totals.failed += 1;
  failures.push(err.message);
  finish();
});
