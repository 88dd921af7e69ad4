import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Variables that name an engine or hold a secret. A schema that has one of them gets it checked by
 * loadConfig: with NODE_ENV=production it must be set explicitly, because its development default
 * (a localhost address, a well-known key) is never right in a deployment.
 */
export const PRODUCTION_REQUIRED_VARS = [
  'MONGO_URL',
  'KAFKA_BROKERS',
  'REDIS_URL',
  'JWKS_URL',
  'MINIO_ENDPOINT',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'SMTP_URL',
] as const;

export interface LoadConfigOptions {
  /** More variables (a service's own secrets and upstreams) that production must set explicitly. */
  requiredInProduction?: readonly string[];
}

/** The keys of an object schema, looking through refinements and transforms. */
function schemaKeys(schema: z.ZodTypeAny): string[] {
  let s: z.ZodTypeAny = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  return s instanceof z.ZodObject ? Object.keys(s.shape as object) : [];
}

/** Which production-required variables the environment leaves unset (or blank). */
export function missingInProduction(
  schema: z.ZodTypeAny,
  env: NodeJS.ProcessEnv,
  extra: readonly string[] = [],
): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const keys = new Set(schemaKeys(schema));
  const required = [...new Set([...PRODUCTION_REQUIRED_VARS.filter((k) => keys.has(k)), ...extra])];
  return required.filter((name) => !env[name]?.trim());
}

/**
 * Parses the environment with a zod object schema. Fails fast, naming every bad or missing variable at
 * once (not one per restart). With NODE_ENV=production every engine address and secret must be set:
 * no development default is used there.
 */
export function loadConfig<S extends z.ZodTypeAny>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  opts: LoadConfigOptions = {},
): z.infer<S> {
  const missing = missingInProduction(schema, env, opts.requiredInProduction);
  const result = schema.safeParse(env);
  if (result.success && !missing.length) return result.data;
  const problems = missing.map((name) => `${name}: must be set when NODE_ENV=production (missing)`);
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path.join('.') || '(environment)';
    if (missing.includes(name)) continue;
    const raw = issue.path.length ? env[String(issue.path[0])] : undefined;
    const shown = raw === undefined ? 'missing' : `got '${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}'`;
    problems.push(`${name}: ${issue.message} (${shown})`);
  }
  throw new ConfigError(problems);
}

export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const urlVar = (fallback?: string) =>
  fallback === undefined ? z.string().url() : z.string().url().default(fallback);

export const listVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, 'must list at least one value');

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** Variables every service reads; a service extends this with its own. */
export function serviceConfigSchema(service: string, defaultPort: number) {
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: logLevel,
    PORT: portVar(defaultPort),
    SERVICE_NAME: z.string().default(service),
    MONGO_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
      .default('mongodb://127.0.0.1:27017'),
    MONGO_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
      .default(`league-${service}`),
    KAFKA_BROKERS: listVar('127.0.0.1:9092'),
    KAFKA_CLIENT_ID: z.string().default(service),
    /**
     * Prepended to every topic this deployment uses (e.g. `site.`), so two deployments can share one Kafka
     * without reading each other's events: ids are only unique within a deployment's databases. Empty in
     * production; the local site (`npm start`, the journeys) uses its own so `npm test`'s events stay out of it.
     */
    KAFKA_TOPIC_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, ., _ and - only')
      .default(''),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    JWKS_URL: urlVar('http://127.0.0.1:4001/.well-known/jwks.json'),
    JWT_ISSUER: z.string().default('grim-league'),
    JWT_AUDIENCE: z.string().default('grim-league-api'),
    BODY_LIMIT: z.string().default('1mb'),
    /** Read-your-writes: the longest a request waits for this service's consumers to reach its token. */
    CONSISTENCY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    /** The longest a write waits for its events to be published before it answers without their token. */
    CONSISTENCY_PUBLISH_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Load shedding: past this many requests in flight, a request is answered 503 at once (0: no bound). */
    HTTP_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  });
}

export type ServiceConfig = z.infer<ReturnType<typeof serviceConfigSchema>>;

export const minioConfigSchema = z.object({
  MINIO_ENDPOINT: urlVar('http://127.0.0.1:9000'),
  MINIO_ACCESS_KEY: z.string().min(3).default('league'),
  MINIO_SECRET_KEY: z.string().min(8).default('league-secret-key'),
  MINIO_REGION: z.string().default('us-east-1'),
});
export type MinioConfig = z.infer<typeof minioConfigSchema>;

/** The files service's buckets are `<prefix>-prod` and `<prefix>-beta` (and its other `<prefix>-…` ones). */
export const filesBucketPrefixSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,50}$/, 'lower-case letters, digits and - (a bucket name prefix)')
  .default('league-files');

/** What a service reading the published game data needs: MinIO, and the files service's bucket prefix. */
export const gameDataConfigSchema = minioConfigSchema.extend({ FILES_BUCKET_PREFIX: filesBucketPrefixSchema });
export type GameDataConfig = z.infer<typeof gameDataConfigSchema>;

export const smtpConfigSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Grim League <no-reply@grim-league.local>'),
});
