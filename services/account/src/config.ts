import { loadConfig, serviceConfigSchema, smtpConfigSchema, urlVar } from '@league/platform';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

export const configSchema = serviceConfigSchema('account', 4001)
  .merge(smtpConfigSchema)
  .extend({
    /** PKCS#8 PEM Ed25519 key; unset on a developer machine, where one is generated into .local/keys. */
    JWT_PRIVATE_KEY_FILE: optional,
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RESET_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** BullMQ queue carrying reset mails; tests use their own name so no other process takes their jobs. */
    MAIL_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
      .default('account-mail'),
    PATREON_CLIENT_ID: optional,
    PATREON_CLIENT_SECRET: optional,
    PATREON_REDIRECT_URI: optional,
    PATREON_AUTHORIZE_URL: urlVar('https://www.patreon.com/oauth2/authorize'),
    PATREON_TOKEN_URL: urlVar('https://www.patreon.com/api/oauth2/token'),
    PATREON_IDENTITY_URL: urlVar('https://www.patreon.com/api/oauth2/v2/identity'),
    /** How long a Patreon OAuth `state` stays valid between the authorize link and the code's return. */
    PATREON_STATE_TTL_SECONDS: count(600),
    /** Documents the outbox relay reads per drain. */
    OUTBOX_BATCH_SIZE: count(100),
    // Rate limits (atomic counters in the shared Redis; every replica sees the same numbers). A failed
    // login is counted before the password is checked, so parallel guesses cannot all slip past.
    LOGIN_FAILURES_PER_USER_IP: count(10),
    LOGIN_FAILURES_PER_USER: count(50),
    LOGIN_WINDOW_SECONDS: count(15 * 60),
    REGISTER_PER_IP: count(30),
    REGISTER_WINDOW_SECONDS: count(3600),
    RESET_REQUESTS_PER_EMAIL: count(5),
    RESET_REQUESTS_PER_IP: count(30),
    RESET_REQUEST_WINDOW_SECONDS: count(3600),
    CHANGE_PASSWORD_PER_IP: count(30),
    CHANGE_PASSWORD_WINDOW_SECONDS: count(15 * 60),
    /** Comparisons one mailed reset code allows before it is void. */
    RESET_CODE_MAX_GUESSES: count(5),
    /** Prefix of the limiter keys; by default the database name, so the replicas of one deployment share them. */
    RATE_LIMIT_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]*$/)
      .optional(),
  });
export type Config = z.infer<typeof configSchema>;

/** In production the signing key must be mounted: a generated one would differ per replica and restart. */
export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig(configSchema, env, { requiredInProduction: ['JWT_PRIVATE_KEY_FILE'] });
