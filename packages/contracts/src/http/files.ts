import { z } from '../zod';
import { branchSchema } from './common';

export const regionSchema = z.enum(['us', 'br', 'de', 'fr', 'id', 'nl', 'sg']).default('us');
export type Region = z.infer<typeof regionSchema>;

export const fileKindSchema = z.enum(['mod', 'launcher']);
export type FileKind = z.infer<typeof fileKindSchema>;
export const fileStatusSchema = z.enum(['processing', 'ready', 'failed', 'superseded']);

export const fileListQuerySchema = z.object({
  v: z.literal('v1', { errorMap: () => ({ message: "only 'v1' is served" }) }).default('v1'),
  branch: branchSchema,
  region: regionSchema,
});
export const branchRegionQuerySchema = z.object({ branch: branchSchema, region: regionSchema });
export const fileNameParamsSchema = z.object({ name: z.string().min(1).max(255) });

export const modFileSchema = z
  .object({
    fileName: z.string(),
    modName: z.string(),
    size: z.number().int(),
    modifiedOn: z.string().datetime(),
    downloadUrl: z.string().url(),
  })
  .openapi('ModFile');
export const launcherFileSchema = z
  .object({
    fileName: z.string(),
    version: z.string(),
    size: z.number().int(),
    modifiedOn: z.string().datetime(),
    downloadUrl: z.string().url(),
  })
  .openapi('LauncherFile');
export const fileListSchema = z
  .object({ modFiles: z.array(modFileSchema), launcherFile: launcherFileSchema.nullable() })
  .openapi('FileList');
export type ModFile = z.infer<typeof modFileSchema>;
export type LauncherFile = z.infer<typeof launcherFileSchema>;
export type FileList = z.infer<typeof fileListSchema>;

export const downloadSchema = z.object({ downloadUrl: z.string().url() }).openapi('Download');

export const uploadQuerySchema = z.object({
  branch: branchSchema,
  /** Present for the launcher file (its version); mod files carry a mod name instead. */
  version: z.string().max(64).optional(),
  modName: z.string().max(128).optional(),
  kind: fileKindSchema.optional(),
});

/** An uploaded version of a file, as the admin screen and the upload answer show it. */
export const fileRecordSchema = z
  .object({
    id: z.string(),
    branch: z.enum(['prod', 'beta']),
    kind: fileKindSchema,
    fileName: z.string(),
    modName: z.string(),
    version: z.string(),
    size: z.number().int(),
    md5: z.string().nullable(),
    sha256: z.string().nullable(),
    status: fileStatusSchema,
    errorMessage: z.string().nullable(),
    modifiedOn: z.string().datetime(),
  })
  .openapi('FileRecord');
export type FileRecord = z.infer<typeof fileRecordSchema>;
export const uploadIdParamsSchema = z.object({ id: z.string().uuid() });

export const finaliseStatusSchema = z
  .object({
    status: z.enum(['idle', 'processing', 'success', 'error']),
    runId: z.string().nullable(),
    startedAt: z.string().datetime().nullable(),
    finishedAt: z.string().datetime().nullable(),
    message: z.string().nullable(),
    promoted: z.array(z.string()),
  })
  .openapi('FinaliseBetaStatus');
export type FinaliseStatus = z.infer<typeof finaliseStatusSchema>;

/** What the launcher reports about the base game's databases before it starts a league session. */
export const baseGameSizesSchema = z
  .array(z.object({ filename: z.string().min(1).max(260), filesize: z.number().int().nonnegative() }))
  .max(32);
export const branchQuerySchema = z.object({ branch: branchSchema });

/** The launcher hub's `GetLauncherFile` data (PascalCase, as the launcher reads it). */
export const launcherHubFileSchema = z
  .object({
    FileSize: z.number().int(),
    FileName: z.string(),
    Checksum: z.string().regex(/^[0-9A-F]{32}$/),
    Version: z.string(),
    DownloadUrl: z.string().url(),
  })
  .openapi('LauncherHubFile');
/** The launcher hub's `GetLeagueFiles` entries. */
export const leagueHubFileSchema = z
  .object({ FileName: z.string(), DownloadUrl: z.string().url(), FileSize: z.number().int() })
  .openapi('LeagueHubFile');
export type LauncherHubFile = z.infer<typeof launcherHubFileSchema>;
export type LeagueHubFile = z.infer<typeof leagueHubFileSchema>;

const gameDataInputSchema = z.object({ fileId: z.string(), fileName: z.string() });

/** Per branch: the published game-data set (what the site names items and creatures from) and the last extraction. */
export const gameDataStatusSchema = z
  .object({
    branches: z.array(
      z.object({
        branch: z.enum(['prod', 'beta']),
        published: z
          .object({
            version: z.number().int(),
            inputs: z.array(gameDataInputSchema),
            size: z.number().int(),
            records: z.number().int(),
            items: z.number().int(),
            affixes: z.number().int(),
            sets: z.number().int(),
            creatures: z.number().int(),
            languages: z.array(z.string()),
            problems: z.array(z.string()),
            problemCount: z.number().int(),
            publishedAt: z.string().datetime(),
          })
          .nullable(),
        lastExtraction: z
          .object({
            status: z.enum(['processing', 'published', 'unchanged', 'failed']),
            inputs: z.array(gameDataInputSchema),
            startedAt: z.string().datetime(),
            finishedAt: z.string().datetime().nullable(),
            message: z.string().nullable(),
            durationMs: z.number().int().nullable(),
          })
          .nullable(),
      }),
    ),
  })
  .openapi('GameDataStatus');
export type GameDataStatus = z.infer<typeof gameDataStatusSchema>;

/** The languages the published game data of a branch names things in (the site's language choice offers them). */
export const gameDataLanguagesSchema = z.object({ languages: z.array(z.string()) }).openapi('GameDataLanguages');
