import os from 'node:os';
import path from 'node:path';

/**
 * Where the engines live and listen. Every value can be overridden by an environment variable, so two
 * checkouts (or CI beside a developer) can run side by side on other ports.
 */
export interface StackSettings {
  root: string;
  localDir: string;
  cacheDir: string;
  ports: {
    mongo: number;
    kafka: number;
    kafkaController: number;
    redis: number;
    minio: number;
    minioConsole: number;
    smtp: number;
    mailpitHttp: number;
    ferretDebug: number;
    /** The opt-in three-broker Kafka cluster: broker n listens on kafkaCluster + n - 1, its controller 10 above. */
    kafkaCluster: number;
  };
  minio: { accessKey: string; secretKey: string };
  versions: { ferretdb: string; minio: string; mailpit: string; kafka: string };
}

function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const pkg = require(path.join(dir, 'package.json')) as { workspaces?: unknown };
      if (pkg.workspaces) return dir;
    } catch {
      /* keep climbing */
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the repository root above ${start}`);
    dir = parent;
  }
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a TCP port (1-65535), got '${raw}'`);
  }
  return value;
}

export function loadSettings(env = process.env): StackSettings {
  const root = env.LEAGUE_ROOT ?? findRoot(__dirname);
  return {
    root,
    localDir: env.LEAGUE_LOCAL_DIR ?? path.join(root, '.local'),
    cacheDir: env.LEAGUE_STACK_CACHE ?? path.join(os.homedir(), '.cache', 'league-stack'),
    ports: {
      mongo: port(env, 'MONGO_PORT', 27017),
      kafka: port(env, 'KAFKA_PORT', 9092),
      kafkaController: port(env, 'KAFKA_CONTROLLER_PORT', 9093),
      redis: port(env, 'REDIS_PORT', 6379),
      minio: port(env, 'MINIO_PORT', 9000),
      minioConsole: port(env, 'MINIO_CONSOLE_PORT', 9001),
      smtp: port(env, 'SMTP_PORT', 1025),
      mailpitHttp: port(env, 'MAILPIT_HTTP_PORT', 8025),
      ferretDebug: port(env, 'FERRETDB_DEBUG_PORT', 8088),
      kafkaCluster: port(env, 'KAFKA_CLUSTER_PORT', 19092),
    },
    minio: {
      accessKey: env.MINIO_ACCESS_KEY ?? 'league',
      secretKey: env.MINIO_SECRET_KEY ?? 'league-secret-key',
    },
    versions: {
      ferretdb: env.FERRETDB_VERSION ?? 'v1.24.2',
      // The module proxy this project is built against serves this MinIO build; override when yours differs.
      minio: env.MINIO_VERSION ?? 'v0.0.0-20260212201848-7aac2a2c5b7c',
      mailpit: env.MAILPIT_VERSION ?? 'v1.28.0',
      kafka: env.KAFKA_VERSION ?? '3.9.1',
    },
  };
}

/** The connection strings the services and tests use, derived from the stack's ports. */
export function engineUrls(s: StackSettings): Record<string, string> {
  return {
    MONGO_URL: `mongodb://127.0.0.1:${s.ports.mongo}`,
    KAFKA_BROKERS: `127.0.0.1:${s.ports.kafka}`,
    REDIS_URL: `redis://127.0.0.1:${s.ports.redis}`,
    MINIO_ENDPOINT: `http://127.0.0.1:${s.ports.minio}`,
    MINIO_ACCESS_KEY: s.minio.accessKey,
    MINIO_SECRET_KEY: s.minio.secretKey,
    SMTP_URL: `smtp://127.0.0.1:${s.ports.smtp}`,
    MAILPIT_URL: `http://127.0.0.1:${s.ports.mailpitHttp}`,
  };
}

/** How many brokers the opt-in Kafka cluster has (`npm run stack -- up kafka-cluster`). */
export const KAFKA_CLUSTER_SIZE = 3;

/** Broker n (1-based) of the Kafka cluster: its client and controller ports. */
export function kafkaClusterNode(s: StackSettings, n: number): { broker: number; controller: number } {
  return { broker: s.ports.kafkaCluster + n - 1, controller: s.ports.kafkaCluster + 10 + n - 1 };
}

/** KAFKA_BROKERS for the three-broker cluster: every broker, so a client bootstraps from whichever is up. */
export function kafkaClusterBrokers(s: StackSettings): string {
  return Array.from({ length: KAFKA_CLUSTER_SIZE }, (_, i) => `127.0.0.1:${kafkaClusterNode(s, i + 1).broker}`).join(
    ',',
  );
}

/**
 * The engine URLs a site or seed started by `npm test` uses: the stack's, unless the test run took its engines
 * from elsewhere (testcontainers, or LEAGUE_EXTERNAL_ENGINES) and says so with LEAGUE_ENGINES_FROM_ENV=1;
 * then each URL comes from the environment, falling back to the stack's for any variable not set.
 */
export function engineUrlsFor(s: StackSettings, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const stack = engineUrls(s);
  if (env.LEAGUE_ENGINES_FROM_ENV !== '1') return stack;
  return Object.fromEntries(Object.entries(stack).map(([k, v]) => [k, env[k] || v]));
}
