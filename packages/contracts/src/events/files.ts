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
