import { loadConfig, serviceConfigSchema, smtpConfigSchema, urlVar } from '@league/platform';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

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
  });
export type Config = z.infer<typeof configSchema>;

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);
