import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Parses the environment with a zod object schema. Fails fast, naming every bad or missing variable at
 * once (not one per restart).
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const raw = issue.path.length ? env[String(issue.path[0])] : undefined;
    const shown = raw === undefined ? 'missing' : `got '${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw}'`;
    return `${name}: ${issue.message} (${shown})`;
  });
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
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    JWKS_URL: urlVar('http://127.0.0.1:4001/.well-known/jwks.json'),
    JWT_ISSUER: z.string().default('grim-league'),
    JWT_AUDIENCE: z.string().default('grim-league-api'),
    BODY_LIMIT: z.string().default('1mb'),
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

export const smtpConfigSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Grim League <no-reply@grim-league.local>'),
});
