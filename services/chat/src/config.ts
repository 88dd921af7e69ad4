import { gameDataConfigSchema, loadConfig, serviceConfigSchema } from '@league/platform';
import { z } from 'zod';

const DEV_TICKET_SECRET = 'dev-only-chat-ticket-secret-change-me';

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const configSchema = serviceConfigSchema('chat', 4005)
  .merge(gameDataConfigSchema)
  .extend({
    /** HMAC key of the chat tickets; every replica must share it. */
    CHAT_TICKET_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_TICKET_SECRET),
    /** A game session lasts hours and the launcher asks for the URL once: a day by default. */
    CHAT_TICKET_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(24 * 3600),
    /** The public API base (e.g. `https://league.example/api`) the chat URL is built on; derived from the request when unset. */
    CHAT_PUBLIC_URL: z.string().url().optional(),
    /** Redis key prefix shared by the replicas of one deployment (and kept apart between test runs). */
    CHAT_REDIS_PREFIX: z.string().min(1).default('chat:'),
    CHAT_PING_INTERVAL_MS: ms(15_000),
    CHAT_CLIENT_TIMEOUT_MS: ms(60_000),
    CHAT_HANDSHAKE_TIMEOUT_MS: ms(15_000),
    CHAT_HEARTBEAT_MS: ms(5_000),
    /** Kafka consumer group of the replicas (tests use their own). */
    CHAT_CONSUMER_GROUP: z.string().min(1).default('chat'),
    CHAT_FLOOD_MAX: z.coerce.number().int().positive().default(5),
    CHAT_FLOOD_WINDOW_MS: ms(5_000),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.CHAT_TICKET_SECRET === DEV_TICKET_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['CHAT_TICKET_SECRET'], message: 'must be set in production' });
    }
  });
export type Config = z.infer<typeof configSchema>;

/** With NODE_ENV=production the ticket key must be given: the development key is public. */
export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig(configSchema, env, { requiredInProduction: ['CHAT_TICKET_SECRET'] });
