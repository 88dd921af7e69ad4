import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, type Logger, type ObjectStorage } from '@league/platform';
import { writeTextPdf } from '../formats/pdf';

export const PATCH_NOTES_KEY = 'patch-notes.pdf';
/** A patch-notes PDF is a document, not a mod file: anything bigger is a mistake. */
export const PATCH_NOTES_MAX_BYTES = 20 * 1024 * 1024;
const SOURCE_META = 'source';

export interface PublishedPatchNotes {
  size: number;
  etag: string;
  modifiedOn: Date;
  body: Readable;
}

/** Checks that bytes are a whole PDF: the header up front and the end-of-file marker in the last kilobyte. */
export function looksLikePdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return bytes
    .subarray(Math.max(0, bytes.length - 1024))
    .toString('latin1')
    .includes('%%EOF');
}

/**
 * The patch notes the Changelog page embeds: one PDF in the docs bucket, replaced whole (an object
 * put is atomic, so a reader gets the old or the new document, never half of one). Admins publish the
 * season's PDF; a development stack renders the project's own CHANGELOG.md instead.
 */
export class PatchNotes {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly bucket: string,
    private readonly logger: Logger,
  ) {}

  async open(): Promise<PublishedPatchNotes> {
    const found = await this.storage.stat(this.bucket, PATCH_NOTES_KEY);
    if (!found) throw AppError.notFound('No patch notes have been published yet.');
    const body = await this.storage.getStream(this.bucket, PATCH_NOTES_KEY);
    return { size: found.size, etag: found.etag, modifiedOn: found.lastModified, body };
  }

  async publish(bytes: Buffer, source = 'upload'): Promise<{ size: number; modifiedOn: Date }> {
    if (bytes.length > PATCH_NOTES_MAX_BYTES) {
      throw AppError.payloadTooLarge(`Patch notes must be at most ${PATCH_NOTES_MAX_BYTES / 1024 / 1024} MiB`);
    }
    if (!looksLikePdf(bytes)) throw AppError.unprocessable('The patch notes must be a PDF document');
    await this.storage.putStream(this.bucket, PATCH_NOTES_KEY, bytes, bytes.length, {
      'content-type': 'application/pdf',
      [SOURCE_META]: source,
    });
    const stored = await this.storage.stat(this.bucket, PATCH_NOTES_KEY);
    this.logger.info({ size: bytes.length, source }, 'patch notes published');
    return { size: bytes.length, modifiedOn: stored?.lastModified ?? new Date() };
  }

  /**
   * The demo seed: renders the changelog text into a PDF when none is published, or when the published one
   * came from an older changelog text. A PDF an admin uploaded is never overwritten.
   */
  async seedFromChangelog(markdown: string): Promise<boolean> {
    const source = `changelog-${createHash('sha256').update(markdown).digest('hex').slice(0, 16)}`;
    const current = await this.storage.stat(this.bucket, PATCH_NOTES_KEY);
    const currentSource = current?.metadata[SOURCE_META] ?? current?.metadata[`x-amz-meta-${SOURCE_META}`];
    if (current && (currentSource === source || !currentSource?.startsWith('changelog-'))) return false;
    await this.publish(writeTextPdf('Grim League patch notes', markdown), source);
    return true;
  }
}
