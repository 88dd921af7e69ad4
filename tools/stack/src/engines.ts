import fs from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { run } from './proc';
import { ensureDebianCommand, ferretdbBinary, kafkaLibs, mailpitBinary, minioBinary, requireTool } from './provision';
import type { StackSettings } from './settings';

type Say = (line: string) => void;

export interface Launch {
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface Engine {
  name: string;
  /** Ports the engine listens on; all must be free before it starts. */
  ports: (s: StackSettings) => number[];
  /** Provisions binaries and data directories; returns how to launch. Idempotent and cached. */
  prepare: (s: StackSettings, say: Say) => Launch;
  /** True when the engine answers its own protocol, not merely when a port is open. */
  healthy: (s: StackSettings) => Promise<boolean>;
  /** Seconds to wait for health after launch. */
  startTimeout: number;
}

const dataDir = (s: StackSettings, name: string) => {
  const dir = path.join(s.localDir, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

const redis: Engine = {
  name: 'redis',
  ports: (s) => [s.ports.redis],
  startTimeout: 20,
  prepare: (s, say) => {
    const bin = ensureDebianCommand('redis-server', 'redis-server', say);
    const dir = dataDir(s, 'redis');
    return {
      cmd: bin,
      args: [
        '--bind',
        '127.0.0.1',
        '--port',
        String(s.ports.redis),
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--save',
        '',
        // BullMQ requires that Redis never evicts its keys.
        '--maxmemory-policy',
        'noeviction',
        '--daemonize',
        'no',
      ],
    };
  },
  healthy: async (s) => {
    const client = new Redis({
      port: s.ports.redis,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  },
};

const ferretdb: Engine = {
  name: 'ferretdb',
  ports: (s) => [s.ports.mongo, s.ports.ferretDebug],
  startTimeout: 30,
  prepare: (s, say) => {
    const bin = ferretdbBinary(s, say);
    const dir = dataDir(s, 'ferretdb');
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    return {
      cmd: bin,
      args: [
        '--handler=sqlite',
        `--sqlite-url=file:${path.join(dir, 'data')}/`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${s.ports.mongo}`,
        `--debug-addr=127.0.0.1:${s.ports.ferretDebug}`,
        '--telemetry=disable',
        '--log-level=warn',
      ],
    };
  },
  healthy: async (s) => {
    const client = new mongoose.mongo.MongoClient(`mongodb://127.0.0.1:${s.ports.mongo}`, {
      serverSelectionTimeoutMS: 1500,
      connectTimeoutMS: 1500,
    });
    try {
      await client.connect();
      const res = await client.db('admin').command({ ping: 1 });
      return res.ok === 1;
    } catch {
      return false;
    } finally {
      await client.close().catch(() => undefined);
    }
  },
};

const kafkaEngine: Engine = {
  name: 'kafka',
  ports: (s) => [s.ports.kafka, s.ports.kafkaController],
  startTimeout: 120,
  prepare: (s, say) => {
    const libs = kafkaLibs(s, say);
    const java = requireTool('java', 'install a Java 17 runtime to run Kafka');
    const dir = dataDir(s, 'kafka');
    const logDir = path.join(dir, 'data');
    const props = path.join(dir, 'server.properties');
    fs.writeFileSync(
      props,
      [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@127.0.0.1:${s.ports.kafkaController}`,
        `listeners=PLAINTEXT://127.0.0.1:${s.ports.kafka},CONTROLLER://127.0.0.1:${s.ports.kafkaController}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${s.ports.kafka}`,
        'controller.listener.names=CONTROLLER',
        'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        'inter.broker.listener.name=PLAINTEXT',
        `log.dirs=${logDir}`,
        'num.partitions=3',
        'offsets.topic.replication.factor=1',
        'offsets.topic.num.partitions=10',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'group.initial.rebalance.delay.ms=0',
        'auto.create.topics.enable=true',
        'log.retention.hours=168',
        '',
      ].join('\n'),
    );
    const log4j = path.join(dir, 'log4j.properties');
    fs.writeFileSync(
      log4j,
      [
        'log4j.rootLogger=WARN, stdout',
        'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
        'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
        'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
        'log4j.logger.kafka.server.KafkaServer=INFO',
        '',
      ].join('\n'),
    );
    const classpath = `${libs}/*`;
    const jvm = [
      '-Xms256m',
      '-Xmx768m',
      '-XX:+UseG1GC',
      '-XX:TieredStopAtLevel=1',
      `-Dlog4j.configuration=file:${log4j}`,
    ];
    // KRaft storage is formatted once; meta.properties marks a formatted log directory.
    if (!fs.existsSync(path.join(logDir, 'meta.properties'))) {
      const clusterId = run(java, ['-cp', classpath, 'kafka.tools.StorageTool', 'random-uuid'])
        .trim()
        .split('\n')
        .pop()!;
      run(java, [...jvm, '-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props]);
    }
    return { cmd: java, args: [...jvm, '-cp', classpath, 'kafka.Kafka', props] };
  },
  healthy: async (s) => {
    const kafka = new Kafka({
      clientId: 'league-stack',
      brokers: [`127.0.0.1:${s.ports.kafka}`],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1500,
      retry: { retries: 0 },
    });
    const admin = kafka.admin();
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      return cluster.brokers.length > 0 && cluster.controller !== null;
    } catch {
      return false;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  },
};

const minio: Engine = {
  name: 'minio',
  ports: (s) => [s.ports.minio, s.ports.minioConsole],
  startTimeout: 40,
  prepare: (s, say) => {
    const bin = minioBinary(s, say);
    const dir = dataDir(s, 'minio');
    return {
      cmd: bin,
      args: [
        'server',
        dir,
        '--quiet',
        '--address',
        `127.0.0.1:${s.ports.minio}`,
        '--console-address',
        `127.0.0.1:${s.ports.minioConsole}`,
      ],
      env: {
        MINIO_ROOT_USER: s.minio.accessKey,
        MINIO_ROOT_PASSWORD: s.minio.secretKey,
        MINIO_BROWSER: 'off',
        MINIO_UPDATE: 'off',
      },
    };
  },
  healthy: (s) => httpOk(`http://127.0.0.1:${s.ports.minio}/minio/health/ready`),
};

const mailpit: Engine = {
  name: 'mailpit',
  ports: (s) => [s.ports.smtp, s.ports.mailpitHttp],
  startTimeout: 20,
  prepare: (s, say) => {
    const bin = mailpitBinary(s, say);
    const dir = dataDir(s, 'mailpit');
    return {
      cmd: bin,
      args: [
        '--smtp',
        `127.0.0.1:${s.ports.smtp}`,
        '--listen',
        `127.0.0.1:${s.ports.mailpitHttp}`,
        '--database',
        path.join(dir, 'mailpit.db'),
        '--smtp-auth-accept-any',
        '--smtp-auth-allow-insecure',
        '--disable-version-check',
        '--quiet',
      ],
    };
  },
  healthy: (s) => httpOk(`http://127.0.0.1:${s.ports.mailpitHttp}/api/v1/info`),
};

export const ENGINES: Engine[] = [redis, ferretdb, kafkaEngine, minio, mailpit];
