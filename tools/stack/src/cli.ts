#!/usr/bin/env node
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { CLUSTER_ENGINES, ENGINES } from './engines';
import { StackError } from './errors';
import { engineUrls, kafkaClusterBrokers, loadSettings } from './settings';
import { down, logFile, runningOptIn, status, up } from './stack';

const usage = `usage: npm run stack -- <command> [engine...]
  up [engine...]      provision (first time) and start the engines, wait until healthy
  down [engine...]    stop the engines
  status [engine...]  show each engine's pid, ports and health
  logs [engine] [-f]  print (or follow) an engine's log
  env [--kafka-cluster]  print the connection variables (with the flag: KAFKA_BROKERS of the cluster)
engines: ${ENGINES.map((e) => e.name).join(', ')}
opt-in: kafka-cluster (three KRaft brokers ${CLUSTER_ENGINES.map((e) => e.name).join(', ')} on KAFKA_CLUSTER_PORT
        19092-19094, controllers 19102-19104, data in .local/kafka-cluster; never started by npm start)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const s = loadSettings();
  switch (command) {
    case 'up': {
      const t0 = Date.now();
      await up(rest);
      console.log(`[stack] up in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
      return 0;
    }
    case 'down':
      await down(rest);
      return 0;
    case 'status': {
      const rows = await status(s, rest);
      // The opt-in cluster is shown when it runs, without changing the exit code of the default engines.
      const optIn = rest.length ? [] : runningOptIn(s);
      const extra = optIn.length ? await status(s, optIn) : [];
      for (const r of rows) {
        const state = r.healthy ? 'healthy' : r.pid ? 'starting/unhealthy' : 'stopped';
        console.log(
          `${r.name.padEnd(9)} ${state.padEnd(18)} pid ${String(r.pid ?? '-').padEnd(8)} ports ${r.ports.join(',')}`,
        );
      }
      for (const r of extra)
        console.log(
          `${r.name.padEnd(9)} ${(r.healthy ? 'healthy' : 'starting/unhealthy').padEnd(18)} pid ${String(r.pid ?? '-').padEnd(8)} ports ${r.ports.join(',')} (opt-in)`,
        );
      return rows.every((r) => r.healthy) ? 0 : 1;
    }
    case 'logs': {
      const follow = rest.includes('-f');
      const names = rest.filter((a) => a !== '-f');
      const targets = names.length
        ? names.flatMap((n) => (n === 'kafka-cluster' ? CLUSTER_ENGINES.map((e) => e.name) : [n]))
        : ENGINES.map((e) => e.name);
      const files = targets.map((n) => logFile(s, n)).filter((f) => fs.existsSync(f));
      if (files.length === 0) {
        console.log('no logs yet: run `npm run stack -- up` first');
        return 0;
      }
      const tail = spawn('tail', [follow ? '-F' : '-n', ...(follow ? [] : ['60']), ...files], { stdio: 'inherit' });
      return new Promise((resolve) => tail.on('exit', (code) => resolve(code ?? 0)));
    }
    case 'env': {
      const urls = engineUrls(s);
      if (rest.includes('--kafka-cluster')) urls.KAFKA_BROKERS = kafkaClusterBrokers(s);
      for (const [k, v] of Object.entries(urls)) console.log(`${k}=${v}`);
      return 0;
    }
    default:
      console.log(usage);
      return command === undefined || command === 'help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof StackError) console.error(`[stack] ${err.message}`);
    else console.error(err);
    process.exit(1);
  },
);
