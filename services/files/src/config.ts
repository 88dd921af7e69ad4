import path from 'node:path';
import os from 'node:os';
import { filesBucketPrefixSchema, loadConfig, minioConfigSchema, serviceConfigSchema } from '@league/platform';
import { z } from 'zod';
import { parsePreloadExcluded } from './domain/rules';

const REGIONS = ['us', 'br', 'de', 'fr', 'id', 'nl', 'sg'] as const;

const optionalList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** `path=bytes` pairs, e.g. `database/database.arz=123456,gdx1/database/GDX1.arz=7890`. */
const sizeList = optionalList.transform((pairs, ctx) =>
  pairs.map((pair) => {
    const at = pair.lastIndexOf('=');
    const size = Number(pair.slice(at + 1));
    if (at <= 0 || !Number.isSafeInteger(size) || size < 0) {
      ctx.addIssue({ code: 'custom', message: `'${pair}' is not path=bytes` });
    }
    return { filename: pair.slice(0, at), filesize: size };
  }),
);

const publicUrls = Object.fromEntries(
  REGIONS.map((r) => [`FILES_PUBLIC_URL_${r.toUpperCase()}`, z.string().url().optional()]),
);

export const configSchema = serviceConfigSchema('files', 4004)
  .merge(minioConfigSchema)
  .extend({
    FILES_MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 ** 3),
    /** Buckets are `<prefix>-prod` and `<prefix>-beta`. */
    FILES_BUCKET_PREFIX: filesBucketPrefixSchema,
    FILES_URL_EXPIRY_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .default(3600),
    FILES_UPLOAD_QUEUE: z.string().min(1).default('files-upload-processing'),
    FILES_FINALISE_QUEUE: z.string().min(1).default('files-beta-finalisation'),
    /** Extraction of each branch's game data (names from the .arz and text .arc files). */
    FILES_GAME_DATA_QUEUE: z.string().min(1).default('files-game-data'),
    /** How long an upload request waits for its processing outcome before answering `processing`. */
    FILES_UPLOAD_WAIT_MS: z.coerce.number().int().min(0).default(30_000),
    /** A worker that stops renewing its job lock this long is presumed dead; its job runs again. */
    FILES_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    FILES_TMP_DIR: z.string().default(os.tmpdir()),
    /**
     * Core mod files the About page's pre-load list leaves out: unset = the ten core files of the season's
     * mod (CORE_MOD_FILES), `none` = nothing, else a comma list of file names.
     */
    FILES_PRELOAD_EXCLUDED: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parsePreloadExcluded(v);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.names;
      }),
    /** Base-game database sizes the launcher must report; empty = no check. */
    FILES_BASE_GAME_SIZES: sizeList,
    FILES_BASE_GAME_SIZES_BETA: z.string().optional(),
    FILES_REQUIRED_GAME_VERSION: z.string().default(''),
    FILES_REQUIRED_GAME_VERSION_BETA: z.string().optional(),
    /** Seed a demo file set on an empty store; on by default in development (a fresh `npm start`). */
    FILES_DEMO_SEED: z.enum(['true', 'false']).optional(),
    /** Prefix of this deployment's consumer groups (`<prefix>-participant-owners`); one per deployment. */
    FILES_CONSUMER_GROUP: z.string().min(1).default('files'),
    /** The changelog text the demo seed prints into the patch-notes PDF (the repository's CHANGELOG.md). */
    FILES_PATCH_NOTES_SOURCE: z.string().default(path.resolve(__dirname, '../../../CHANGELOG.md')),
    ...publicUrls,
  })
  .superRefine((c, ctx) => {
    if (c.FILES_BASE_GAME_SIZES.length > 0 && !c.FILES_REQUIRED_GAME_VERSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_REQUIRED_GAME_VERSION'],
        message: 'is required when FILES_BASE_GAME_SIZES is set (the launcher shows it to the player)',
      });
    }
  });

type Parsed = z.infer<typeof configSchema>;
export type Config = Parsed & {
  publicUrls: Record<(typeof REGIONS)[number], string>;
  demoSeed: boolean;
  baseGame: Record<'prod' | 'beta', { sizes: Array<{ filename: string; filesize: number }>; version: string }>;
};

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = loadConfig(configSchema, env) as Parsed & Record<string, unknown>;
  const publicUrls = Object.fromEntries(
    REGIONS.map((r) => [
      r,
      (parsed[`FILES_PUBLIC_URL_${r.toUpperCase()}`] as string | undefined) ?? parsed.MINIO_ENDPOINT,
    ]),
  ) as Config['publicUrls'];
  const betaSizes =
    parsed.FILES_BASE_GAME_SIZES_BETA === undefined
      ? parsed.FILES_BASE_GAME_SIZES
      : loadConfig(z.object({ v: sizeList }), { v: parsed.FILES_BASE_GAME_SIZES_BETA }).v;
  return {
    ...parsed,
    publicUrls,
    demoSeed: parsed.FILES_DEMO_SEED ? parsed.FILES_DEMO_SEED === 'true' : parsed.NODE_ENV === 'development',
    baseGame: {
      prod: { sizes: parsed.FILES_BASE_GAME_SIZES, version: parsed.FILES_REQUIRED_GAME_VERSION },
      beta: {
        sizes: betaSizes,
        version: parsed.FILES_REQUIRED_GAME_VERSION_BETA ?? parsed.FILES_REQUIRED_GAME_VERSION,
      },
    },
  };
};
