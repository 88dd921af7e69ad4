import { gameDataConfigSchema, loadConfig, serviceConfigSchema } from '@league/platform';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

export const configSchema = serviceConfigSchema('season', 4002)
  .merge(gameDataConfigSchema)
  .extend({
    /** Seed (or re-seed, idempotently) the demo league when the service starts. */
    SEASON_SEED_DEMO: flag,
    /** With the seed: move Season 7's window to start now (same length), so a demo shows a running season. */
    SEASON7_STARTS_NOW: flag,
    /** Kafka consumer group of the standings and socials projections; one per deployment. */
    SEASON_CONSUMER_GROUP: z.string().min(1).default('season'),
    /**
     * The cloud stash's consumer groups (`<SEASON_CONSUMER_GROUP>-stash` and `…-stash-settlements`) start at
     * the beginning of trade's topics when they are new (1, the default: no settlement request is ever skipped).
     * Tests, whose groups are new on every run over topics shared with earlier runs, set 0 to start at the end.
     */
    SEASON_STASH_FROM_BEGINNING: z
      .enum(['0', '1', 'true', 'false'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
  });
export type Config = ReturnType<typeof configSchema.parse>;

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);
