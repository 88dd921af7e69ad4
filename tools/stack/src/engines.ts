import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { run } from './proc';
import { ensureDebianCommand, ferretdbBinary, kafkaLibs, mailpitBinary, minioBinary, requireTool } from './provision';
import { KAFKA_CLUSTER_SIZE, kafkaClusterNode, type StackSettings } from './settings';

type Say = (line: string) => void;

export interface Launch {
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * The CPU niceness the engine starts with; once healthy it gets the normal priority back. For an engine
   * whose start is costly (a JVM's class loading and compilation) beside apps that are already serving.
   */
  startNice?: number;
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
  /** Its working directory (default `.local/<name>`). */
  dir?: (s: StackSettings) => string;
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
      // Every query decodes its rows from JSON into short-lived documents: with the default GOGC (100) the
      // collector took a sixth of the engine's CPU. A laptop engine can spend memory instead (GOGC overrides).
      env: { GOGC: process.env.GOGC ?? '400' },
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

/**
 * The broker's classes in a class-data-sharing archive (Java 17's dynamic AppCDS): the JVM writes it when a
 * broker run stops cleanly, and every later start maps it and takes 20–35 % less CPU (4.2–5.4 → 3.3–3.5 s
 * measured here). The JVM writes it in place at its exit, and a cut-short archive crashes the JVM that maps
 * it (SIGBUS), so it is written under a name of its own and adopted only once a JVM has mapped it with this
 * class path (`-Xshare:on` refuses one cut short, of another JVM or of another class path). Returns the flag.
 */
export function classDataArchive(java: string, jvm: string[], classpath: string, dir: string): string {
  const archive = path.join(dir, 'kafka.jsa');
  const written = path.join(dir, 'kafka.jsa.new');
  if (!fs.existsSync(archive) && fs.existsSync(written)) {
    // A crash here is the expected refusal: no crash report (hs_err file) or core is left behind.
    const quiet = ['-XX:ErrorFile=/dev/null', '-XX:-CreateCoredumpOnCrash'];
    const check = spawnSync(
      java,
      [...jvm, ...quiet, '-Xshare:on', `-XX:SharedArchiveFile=${written}`, '-cp', classpath, '-version'],
      { cwd: dir, stdio: 'ignore' },
    );
    if (check.status === 0) fs.renameSync(written, archive);
    else fs.rmSync(written, { force: true });
  }
  return fs.existsSync(archive) ? `-XX:SharedArchiveFile=${archive}` : `-XX:ArchiveClassesAtExit=${written}`;
}

/** Writes a broker's server.properties and log4j file, formats its KRaft storage once; returns how to launch it. */
function prepareKafka(
  s: StackSettings,
  say: Say,
  opts: { dir: string; properties: string[]; clusterId?: () => string; heapMb: number },
): Launch {
  const libs = kafkaLibs(s, say);
  const java = requireTool('java', 'install a Java 17 runtime to run Kafka');
  fs.mkdirSync(opts.dir, { recursive: true });
  const logDir = path.join(opts.dir, 'data');
  const props = path.join(opts.dir, 'server.properties');
  fs.writeFileSync(props, [...opts.properties, `log.dirs=${logDir}`, 'log.retention.hours=168', ''].join('\n'));
  const log4j = path.join(opts.dir, 'log4j.properties');
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
    `-Xms${Math.min(256, opts.heapMb)}m`,
    `-Xmx${opts.heapMb}m`,
    '-XX:+UseG1GC',
    '-XX:TieredStopAtLevel=1',
    `-Dlog4j.configuration=file:${log4j}`,
  ];
  // KRaft storage is formatted once; meta.properties marks a formatted log directory.
  if (!fs.existsSync(path.join(logDir, 'meta.properties'))) {
    const clusterId =
      opts.clusterId?.() ??
      run(java, ['-cp', classpath, 'kafka.tools.StorageTool', 'random-uuid']).trim().split('\n').pop()!;
    // `--cluster-id=ID`, not `-t ID`: a random id may begin with "-", which the tool would read as an option.
    run(java, [
      ...jvm,
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      `--cluster-id=${clusterId}`,
      '-c',
      props,
    ]);
  }
  const cds = classDataArchive(java, jvm, classpath, opts.dir);
  return { cmd: java, args: [...jvm, cds, '-cp', classpath, 'kafka.Kafka', props], startNice: 10 };
}

/** True when the broker at `port` answers metadata and the cluster has a controller (and `nodeId` among its brokers). */
async function kafkaHealthy(port: number, nodeId?: number): Promise<boolean> {
  const kafka = new Kafka({
    clientId: 'league-stack',
    brokers: [`127.0.0.1:${port}`],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1500,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.controller === null || cluster.brokers.length === 0) return false;
    return nodeId === undefined || cluster.brokers.some((b) => b.nodeId === nodeId);
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

const kafkaEngine: Engine = {
  name: 'kafka',
  ports: (s) => [s.ports.kafka, s.ports.kafkaController],
  startTimeout: 120,
  prepare: (s, say) =>
    prepareKafka(s, say, {
      dir: dataDir(s, 'kafka'),
      heapMb: 768,
      properties: [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@127.0.0.1:${s.ports.kafkaController}`,
        `listeners=PLAINTEXT://127.0.0.1:${s.ports.kafka},CONTROLLER://127.0.0.1:${s.ports.kafkaController}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${s.ports.kafka}`,
        'controller.listener.names=CONTROLLER',
        'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        'inter.broker.listener.name=PLAINTEXT',
        'num.partitions=3',
        'offsets.topic.replication.factor=1',
        'offsets.topic.num.partitions=10',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'group.initial.rebalance.delay.ms=0',
        'auto.create.topics.enable=true',
      ],
    }),
  healthy: (s) => kafkaHealthy(s.ports.kafka),
};

/** The cluster's id, chosen once and shared by its three nodes (each formats its storage with it). */
function kafkaClusterId(s: StackSettings): string {
  const file = path.join(dataDir(s, 'kafka-cluster'), 'cluster-id');
  if (!fs.existsSync(file)) {
    // 22 characters of URL-safe base64 over 16 random bytes: the form Kafka's own random-uuid prints.
    fs.writeFileSync(file, `${randomBytes(16).toString('base64url')}\n`);
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Node n of the opt-in three-broker KRaft cluster (`npm run stack -- up kafka-cluster`): broker and
 * controller in one process, as the single node is, on ports and a data directory of its own
 * (`.local/kafka-cluster/node-n`), so it runs beside the single-broker stack. Topics default to replication
 * factor 3 with min.insync.replicas 2, as the k8s topics Job and compose create them: an event acknowledged
 * to an acks=all producer is on two brokers at least, and one broker may die without losing it or stopping
 * writes.
 */
function kafkaClusterEngine(n: number): Engine {
  return {
    name: `kafka-${n}`,
    ports: (s) => Object.values(kafkaClusterNode(s, n)),
    dir: (s) => path.join(s.localDir, 'kafka-cluster', `node-${n}`),
    startTimeout: 180,
    prepare: (s, say) => {
      const voters = Array.from({ length: KAFKA_CLUSTER_SIZE }, (_, i) => {
        return `${i + 1}@127.0.0.1:${kafkaClusterNode(s, i + 1).controller}`;
      }).join(',');
      const { broker, controller } = kafkaClusterNode(s, n);
      return prepareKafka(s, say, {
        dir: path.join(dataDir(s, 'kafka-cluster'), `node-${n}`),
        // Three brokers share the two cores and the memory with everything else: a smaller heap each.
        heapMb: 512,
        clusterId: () => kafkaClusterId(s),
        properties: [
          'process.roles=broker,controller',
          `node.id=${n}`,
          `controller.quorum.voters=${voters}`,
          `listeners=PLAINTEXT://127.0.0.1:${broker},CONTROLLER://127.0.0.1:${controller}`,
          `advertised.listeners=PLAINTEXT://127.0.0.1:${broker}`,
          'controller.listener.names=CONTROLLER',
          'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          'inter.broker.listener.name=PLAINTEXT',
          'num.partitions=3',
          `default.replication.factor=${KAFKA_CLUSTER_SIZE}`,
          'min.insync.replicas=2',
          'unclean.leader.election.enable=false',
          `offsets.topic.replication.factor=${KAFKA_CLUSTER_SIZE}`,
          'offsets.topic.num.partitions=10',
          `transaction.state.log.replication.factor=${KAFKA_CLUSTER_SIZE}`,
          'transaction.state.log.min.isr=2',
          'group.initial.rebalance.delay.ms=0',
          'auto.create.topics.enable=true',
          // A restarted broker takes back the leadership it prefers within 30 s instead of 5 minutes.
          'leader.imbalance.check.interval.seconds=30',
          // A dead broker is fenced (its partitions led elsewhere) 4 s after its last heartbeat, not 9.
          'broker.heartbeat.interval.ms=1000',
          'broker.session.timeout.ms=4000',
        ],
      });
    },
    healthy: (s) => kafkaHealthy(kafkaClusterNode(s, n).broker, n),
  };
}

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

/** The opt-in engines, started only when named (`up kafka-cluster` names all three nodes). */
export const CLUSTER_ENGINES: Engine[] = Array.from({ length: KAFKA_CLUSTER_SIZE }, (_, i) =>
  kafkaClusterEngine(i + 1),
);
export const ENGINE_GROUPS: Record<string, string[]> = { 'kafka-cluster': CLUSTER_ENGINES.map((e) => e.name) };
