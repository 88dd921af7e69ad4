// Where the tests' engines come from: the one place `npm test` decides it (tools/scripts/test.mjs calls
// `prepareTestEngines`). Three sources:
//   - external: LEAGUE_EXTERNAL_ENGINES=1, the URLs are already in the environment (CI services, a cluster);
//   - containers: ENGINES=containers and a Docker engine answers: the official images (mongo:7 as a
//     single-node replica set, apache/kafka 3.9.1 in KRaft mode, redis:7, minio, mailpit) started through
//     testcontainers, removed when the run ends;
//   - stack (the default): the engines of tools/stack (`npm run stack -- up`), built from source.
// ENGINES=containers without a Docker engine says so in one line and falls back to the stack.
import fs from 'node:fs';
import http from 'node:http';
import { freePort } from './ports';

export type EngineSource = 'external' | 'containers' | 'stack';

export interface DockerProbe {
  available: boolean;
  /** Why not, in a few words, when it is not available. */
  reason?: string;
}

export interface EngineChoice {
  source: EngineSource;
  /** The one line to print when the request could not be honoured (ENGINES=containers without Docker). */
  notice?: string;
}

export const ENGINE_VALUES = ['stack', 'containers'] as const;

/**
 * The decision, pure apart from the probe: the probe is only asked when containers were requested, so a
 * run with the default choice never touches a Docker socket.
 */
export async function chooseEngines(
  env: NodeJS.ProcessEnv,
  probeDocker: () => Promise<DockerProbe>,
): Promise<EngineChoice> {
  if (env.LEAGUE_EXTERNAL_ENGINES === '1') return { source: 'external' };
  const wanted = (env.ENGINES ?? '').trim().toLowerCase() || 'stack';
  if (!(ENGINE_VALUES as readonly string[]).includes(wanted)) {
    throw new Error(`ENGINES must be one of ${ENGINE_VALUES.join(', ')} (got '${env.ENGINES}')`);
  }
  if (wanted === 'stack') return { source: 'stack' };
  const probe = await probeDocker().catch((err: Error) => ({ available: false, reason: err.message }));
  if (probe.available) return { source: 'containers' };
  return {
    source: 'stack',
    notice: `ENGINES=containers but no Docker engine answers (${probe.reason ?? 'unknown reason'}): using tools/stack`,
  };
}

/** The Docker socket testcontainers would use: DOCKER_HOST (unix:// or tcp://), else /var/run/docker.sock. */
export function dockerEndpoint(env: NodeJS.ProcessEnv): { socketPath?: string; host?: string; port?: number } {
  const host = env.DOCKER_HOST;
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  if (host?.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  return { socketPath: '/var/run/docker.sock' };
}

/** Asks the Docker engine's `/_ping` (the check the docker CLI makes), within `timeoutMs`. */
export function probeDocker(env: NodeJS.ProcessEnv = process.env, timeoutMs = 2000): Promise<DockerProbe> {
  const endpoint = dockerEndpoint(env);
  if (endpoint.socketPath && !fs.existsSync(endpoint.socketPath)) {
    return Promise.resolve({ available: false, reason: `${endpoint.socketPath} does not exist` });
  }
  return new Promise((resolve) => {
    const req = http.get({ ...endpoint, path: '/_ping', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(
        res.statusCode === 200
          ? { available: true }
          : { available: false, reason: `/_ping answered ${res.statusCode}` },
      );
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs}ms`)));
    req.on('error', (err) => resolve({ available: false, reason: err.message }));
  });
}

export interface TestEngines {
  source: EngineSource;
  /** The variables the services and tests read (same keys as the stack's engineUrls); empty when external. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

const MINIO = { accessKey: 'league', secretKey: 'league-secret-key' };

/**
 * Starts the official images through testcontainers (its documented GenericContainer API). Not exercised on
 * a machine without Docker; the configuration mirrors docker-compose.yml, which the deploy tests check.
 */
export async function startContainers(): Promise<TestEngines> {
  // A variable specifier keeps this an optional dependency: installations without Docker never load it.
  const moduleName = 'testcontainers';
  const tc = (await import(moduleName)) as typeof import('testcontainers');
  const { GenericContainer, Wait } = tc;

  const mongo = new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();

  // Kafka advertises the address clients must use, so its host port is chosen before it starts.
  const kafkaPort = await freePort();
  const kafka = new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: 9092, host: kafkaPort })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${kafkaPort}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_NUM_PARTITIONS: '3',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(120_000)
    .start();

  const redis = new GenericContainer('redis:7')
    .withCommand(['redis-server', '--maxmemory-policy', 'noeviction'])
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();

  const minio = new GenericContainer('minio/minio')
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: MINIO.accessKey, MINIO_ROOT_PASSWORD: MINIO.secretKey })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
    .start();

  const mailpit = new GenericContainer('axllent/mailpit')
    .withExposedPorts(1025, 8025)
    .withWaitStrategy(Wait.forHttp('/readyz', 8025))
    .start();

  const settled = await Promise.allSettled([mongo, kafka, redis, minio, mailpit]);
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.allSettled(started.map((c) => c.stop()));
  };
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw new Error(`an engine container did not start: ${(failed.reason as Error).message}`);
  }
  const [m, , r, s, mp] = started as [
    Awaited<typeof mongo>,
    Awaited<typeof kafka>,
    Awaited<typeof redis>,
    Awaited<typeof minio>,
    Awaited<typeof mailpit>,
  ];
  // A single-node replica set, as the services' transactions and change streams need. The member is
  // named as the container sees itself; clients connect directly, so that name is never resolved outside.
  const init = await m.exec([
    'mongosh',
    '--quiet',
    '--eval',
    "try { rs.status().ok } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok }",
  ]);
  if (init.exitCode !== 0) {
    await stop();
    throw new Error(`mongo replica set could not be initiated: ${init.output.trim()}`);
  }
  const at = (c: { getHost(): string; getMappedPort(p: number): number }, port: number) =>
    `${c.getHost()}:${c.getMappedPort(port)}`;
  return {
    source: 'containers',
    env: {
      MONGO_URL: `mongodb://${at(m, 27017)}/?replicaSet=rs0&directConnection=true`,
      KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`,
      REDIS_URL: `redis://${at(r, 6379)}`,
      MINIO_ENDPOINT: `http://${at(s, 9000)}`,
      MINIO_ACCESS_KEY: MINIO.accessKey,
      MINIO_SECRET_KEY: MINIO.secretKey,
      SMTP_URL: `smtp://${at(mp, 1025)}`,
      MAILPIT_URL: `http://${at(mp, 8025)}`,
    },
    stop,
  };
}

/**
 * What `npm test` calls first: decides (printing the one-line notice when it falls back), then starts the
 * containers or the stack. The caller exports `env` before running jest and calls `stop` at the end.
 */
export async function prepareTestEngines(opts: {
  env?: NodeJS.ProcessEnv;
  say: (line: string) => void;
  startStack: () => void;
  probe?: () => Promise<DockerProbe>;
  containers?: () => Promise<TestEngines>;
}): Promise<TestEngines> {
  const env = opts.env ?? process.env;
  const choice = await chooseEngines(env, opts.probe ?? (() => probeDocker(env)));
  if (choice.notice) opts.say(choice.notice);
  const none = async () => undefined;
  if (choice.source === 'external') {
    opts.say('using engines from the environment (LEAGUE_EXTERNAL_ENGINES=1)');
    return { source: 'external', env: {}, stop: none };
  }
  if (choice.source === 'containers') {
    opts.say('starting the engines through testcontainers (ENGINES=containers)…');
    return (opts.containers ?? startContainers)();
  }
  opts.startStack();
  return { source: 'stack', env: {}, stop: none };
}
