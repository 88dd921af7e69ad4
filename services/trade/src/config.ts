import { gameDataConfigSchema, loadConfig, serviceConfigSchema } from '@league/platform';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

export const configSchema = serviceConfigSchema('trade', 4003)
  // MinIO and the files service's bucket prefix: where the published game data is read from.
  .merge(gameDataConfigSchema)
  .extend({
    /** Kafka consumer group of the read models and the saga's consumers; one per deployment. */
    TRADE_CONSUMER_GROUP: z.string().min(1).default('trade'),
    /**
     * Create a few demo listings for the demo players once season has announced their stashes; on by
     * default in development (a fresh `npm start`), off otherwise.
     */
    TRADE_SEED_DEMO: flag,
    /** How often each replica reloads its search index from the store in full (0 = only at start). */
    TRADE_INDEX_RESYNC_MS: z.coerce.number().int().min(0).default(300_000),
    /**
     * The longest a buyout or an accepted offer waits for its settlement to finish before it answers `settling`
     * (read-your-writes: the buyer's next reads then show the result; 0 answers at once, as before). A
     * settlement ends in about 100 ms; the bound is met only on an overloaded site or a broker's failover,
     * where 3 s was too short (the read-your-writes suite: a few of its 100 buyouts answered `settling`
     * after 3.3-3.7 s).
     */
    TRADE_SETTLEMENT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
    /** Prefix of this service's Redis keys (id sequences, the push channel); tests get one per database. */
    TRADE_REDIS_PREFIX: z.string().min(1).optional(),
  });
export type Config = ReturnType<typeof configSchema.parse>;

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);

export const seedsDemo = (config: Config): boolean => config.TRADE_SEED_DEMO ?? config.NODE_ENV === 'development';
