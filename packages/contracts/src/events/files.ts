import { defineEvent } from '../envelope';
import { z } from '../zod';

export const filePublishedV1 = defineEvent(
  'files.file-published.v1',
  z.object({
    fileId: z.string().min(1),
    branch: z.enum(['prod', 'beta']),
    kind: z.enum(['mod', 'launcher']),
    fileName: z.string().min(1),
    modName: z.string(),
    version: z.string(),
    size: z.number().int().nonnegative(),
    md5: z.string().regex(/^[0-9A-F]{32}$/),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    publishedAt: z.string().datetime(),
  }),
);

export const betaFinalizedV1 = defineEvent(
  'files.beta-finalized.v1',
  z.object({
    runId: z.string().min(1),
    promoted: z.array(z.object({ fileId: z.string(), fileName: z.string(), kind: z.enum(['mod', 'launcher']) })),
    finishedAt: z.string().datetime(),
  }),
);

/**
 * A branch's game data (names, types, rarity and levels of items and affixes, creature names, per language),
 * extracted from the branch's served `.arz` and text `.arc` files, was published. The set itself is too large
 * for an event: it is a gzipped JSON object in the branch's bucket (a claim check); consumers fetch it by
 * `objectKey` and keep the newest `version` of each branch. Versions grow per branch.
 */
export const gameDataPublishedV1 = defineEvent(
  'files.game-data-published.v1',
  z.object({
    branch: z.enum(['prod', 'beta']),
    version: z.number().int().positive(),
    bucket: z.string().min(1),
    objectKey: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
    /** The files it was read from (the branch's served database and text archives). */
    inputs: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
    records: z.number().int().nonnegative(),
    items: z.number().int().nonnegative(),
    affixes: z.number().int().nonnegative(),
    creatures: z.number().int().nonnegative(),
    languages: z.array(z.string()),
    publishedAt: z.string().datetime(),
  }),
);
