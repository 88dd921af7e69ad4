import { pipeline } from 'node:stream/promises';
import { z } from '@league/contracts';
import { Api, AppError, type Authenticator } from '@league/platform';
import type { Request, Response } from 'express';
import { PATCH_NOTES_MAX_BYTES, type PatchNotes } from '../domain/patch-notes';
import { closeAfterAnswer } from './multipart';

const publishedSchema = z.object({ size: z.number().int(), modifiedOn: z.string() });

/** Reads a raw body into memory up to `limit` bytes; past it answers 413 without reading the rest. */
async function readLimited(req: Request, res: Response, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    closeAfterAnswer(req, res);
    throw AppError.payloadTooLarge(`Patch notes must be at most ${limit / 1024 / 1024} MiB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      closeAfterAnswer(req, res);
      throw AppError.payloadTooLarge(`Patch notes must be at most ${limit / 1024 / 1024} MiB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The Changelog page's PDF: anyone reads it, admins replace it. Registered before `/file/:name`. */
export function patchNotesApi(auth: Authenticator, notes: PatchNotes): Api {
  const api = new Api(auth);
  const tags = ['patch notes'];

  api.route(
    {
      method: 'get',
      path: '/file/patch-notes',
      summary: 'The patch-notes PDF, inline (404 until one is published)',
      tags,
      auth: 'none',
    },
    async ({ req, res }) => {
      const doc = await notes.open();
      const etag = `"${doc.etag}"`;
      res.set({ etag, 'cache-control': 'no-cache', 'last-modified': doc.modifiedOn.toUTCString() });
      if (req.headers['if-none-match'] === etag) {
        doc.body.destroy();
        res.status(304).end();
        return;
      }
      res.status(200).set({
        'content-type': 'application/pdf',
        'content-length': String(doc.size),
        'content-disposition': 'inline; filename="grim-league-patch-notes.pdf"',
      });
      await pipeline(doc.body, res);
    },
  );

  api.route(
    {
      method: 'put',
      path: '/file/patch-notes',
      summary: 'Publishes a new patch-notes PDF (raw body, Content-Type: application/pdf, at most 20 MiB)',
      tags,
      auth: { roles: ['admin'] },
      response: publishedSchema,
    },
    async ({ req, res }) => {
      if (!/^application\/pdf/i.test(req.headers['content-type'] ?? '')) {
        throw AppError.badRequest('Send the PDF as the raw body (Content-Type: application/pdf)');
      }
      const published = await notes.publish(await readLimited(req, res, PATCH_NOTES_MAX_BYTES));
      return { size: published.size, modifiedOn: published.modifiedOn.toISOString() };
    },
  );

  return api;
}
