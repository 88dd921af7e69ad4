import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileRecord } from '@league/contracts';
import { languageOfArchive } from '@league/gamefiles';
import { AppError, type Logger, type ObjectStorage, type OutboxRelay, type TypedQueue } from '@league/platform';
import type { FileRepository, FileVersion } from '../data/file.repository';
import { streamToObject } from '../data/object-writer';
import { InvalidFileError, validateGameFile } from '../formats';
import { toRecord } from './catalogue';
import { isSameUpload, sanitiseFileName, slotOf, type Branch } from './rules';

export interface UploadJob {
  fileId: string;
}

export interface UploadSettings {
  maxBytes: number;
  waitMs: number;
  tmpDir: string;
  bucketFor: (branch: Branch) => string;
}

/** What arrived of an upload: its size and the SHA-256 of its bytes. */
export interface Received {
  size: number;
  sha256: string;
}

export interface UploadDetails {
  id: string;
  rawName: string;
  branch: Branch;
  kind?: 'mod' | 'launcher';
  modName?: string;
  version?: string;
  uploadedBy: string;
}

/** Uploads: stream in, register, validate in the worker, publish. */
export class Uploads {
  constructor(
    private readonly repo: FileRepository,
    private readonly storage: ObjectStorage,
    private readonly queue: TypedQueue<UploadJob>,
    private readonly relay: OutboxRelay,
    private readonly settings: UploadSettings,
    private readonly logger: Logger,
    /** Told when a ready database or archive may have changed a branch's game data. */
    private readonly gameData?: { schedule(branch: Branch): Promise<void> },
  ) {}

  newId = () => randomUUID();
  bucketFor = (branch: Branch) => this.settings.bucketFor(branch);
  objectKey = (id: string) => `files/${id}`;

  /**
   * Streams the bytes into the branch's bucket under the upload id, counting and hashing them on the way. Past
   * the limit the multipart upload is aborted: no object and no record is left behind.
   */
  async receive(id: string, branch: Branch, body: Readable): Promise<Received> {
    let size = 0;
    const hash = createHash('sha256');
    const max = this.settings.maxBytes;
    await streamToObject(this.storage, this.settings.bucketFor(branch), this.objectKey(id), body, (chunk) => {
      size += chunk.length;
      if (size > max) throw AppError.payloadTooLarge(`The file is larger than the ${max}-byte upload limit`);
      hash.update(chunk);
    });
    return { size, sha256: hash.digest('hex') };
  }

  async discard(bucket: string, key: string): Promise<void> {
    await this.storage.client.removeIncompleteUpload(bucket, key).catch(() => undefined);
    await this.storage.remove(bucket, key).catch(() => undefined);
  }

  /**
   * Records the stored upload as `processing` and queues its validation (job id = file id: queued once). The
   * same upload sent again while its first copy is its slot's newest version (the client got no answer and
   * retried) makes no second version: its own object goes, and the answer is the first copy's record.
   */
  async register(d: UploadDetails, received: Received): Promise<FileVersion> {
    const bucket = this.settings.bucketFor(d.branch);
    let naming: ReturnType<typeof sanitiseFileName>;
    try {
      naming = sanitiseFileName(d.rawName);
    } catch (err) {
      await this.discard(bucket, this.objectKey(d.id));
      throw err;
    }
    const version = (d.version ?? '').trim();
    const kind = d.kind ?? (version ? 'launcher' : 'mod');
    if (kind === 'launcher' && !version) {
      await this.discard(bucket, this.objectKey(d.id));
      throw AppError.badRequest('The launcher file needs a version');
    }
    const { version: created, created: isNew } = await this.createOrDiscard(d.id, bucket, {
      _id: d.id,
      branch: d.branch,
      kind,
      slot: slotOf(kind, naming.fileName),
      fileName: naming.fileName,
      extension: naming.extension,
      modName: kind === 'mod' ? (d.modName ?? '').trim() : '',
      version: kind === 'launcher' ? version : '',
      bucket,
      objectKey: this.objectKey(d.id),
      status: 'processing',
      errorMessage: null,
      size: received.size,
      md5: null,
      sha256: null,
      receivedSha256: received.sha256,
      uploadedBy: d.uploadedBy,
      promotedFrom: null,
      readyAt: null,
    });
    if (!isNew) {
      await this.discard(bucket, this.objectKey(d.id));
      this.logger.info({ fileId: created._id, repeat: d.id }, 'the same upload again: answered with its first copy');
      return created;
    }
    await this.queue.add('process', { fileId: created._id }, { jobId: created._id });
    return created;
  }

  /**
   * Registers the version; when that fails (Redis for the slot's lock, or the store, unreachable) and no record
   * of this upload exists, its object goes too: the refused upload leaves nothing behind, and the client's
   * retry streams it again.
   */
  private async createOrDiscard(
    id: string,
    bucket: string,
    version: Parameters<FileRepository['createUnlessSame']>[0],
  ) {
    try {
      return await this.repo.createUnlessSame(version, (newest) => isSameUpload(newest, version));
    } catch (err) {
      const recorded = await this.repo.get(id).catch(() => undefined);
      if (!recorded) await this.discard(bucket, this.objectKey(id));
      throw err;
    }
  }

  /**
   * Waits (bounded) for the worker's verdict so the admin sees a refusal's reason in the upload answer: BullMQ
   * tells when the job finishes (QueueEvents), then the record says how. Past the wait it is still processing.
   */
  async outcome(id: string): Promise<FileRecord> {
    // BullMQ reads a ttl of 0 as "no limit": a zero wait means "do not wait" here.
    if (this.settings.waitMs > 0) await this.queue.waitUntilFinished(id, this.settings.waitMs);
    return this.record(id);
  }

  async record(id: string): Promise<FileRecord> {
    const v = await this.repo.get(id);
    if (!v) throw AppError.notFound(`No upload ${id}`);
    return toRecord(v);
  }

  /**
   * The worker's job: fetch the object to a temp file while hashing it, validate it by type, then
   * processing → ready (with the publish event) or → failed with the reason. Safe to run again.
   */
  async process(fileId: string, lastAttempt: boolean): Promise<void> {
    const v = await this.repo.get(fileId);
    if (!v) return;
    if (v.status === 'ready') {
      await this.repo.supersedeOlder(v); // a retry after the switch itself
      await this.gameDataChanged(v);
      return;
    }
    if (v.status !== 'processing') return;
    const tmp = path.join(this.settings.tmpDir, `league-file-${fileId}`);
    try {
      const digest = await this.fetch(v, tmp);
      try {
        await validateGameFile(tmp, v.extension, {
          textArchive: languageOfArchive(v.fileName) ? v.fileName : undefined,
        });
      } catch (err) {
        if (!(err instanceof InvalidFileError)) throw err;
        await this.repo.markFailed(fileId, err.message, digest.size);
        await this.discard(v.bucket, v.objectKey);
        this.logger.info({ fileId, reason: err.message }, 'upload refused');
        return;
      }
      if (await this.repo.markReady(fileId, digest)) this.relay.kick();
      await this.repo.supersedeOlder(v);
      await this.gameDataChanged(v);
    } catch (err) {
      // Refused for good: its object goes too (a failed version is never served), as for an invalid file.
      if (
        lastAttempt &&
        (await this.repo.markFailed(fileId, `The file could not be processed: ${(err as Error).message}`))
      )
        await this.discard(v.bucket, v.objectKey);
      throw err;
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  /** A served database or archive changed: the branch's game data is looked at (queued once per inputs). */
  private async gameDataChanged(v: FileVersion): Promise<void> {
    if (v.kind === 'mod' && (v.extension === '.arz' || v.extension === '.arc')) await this.gameData?.schedule(v.branch);
  }

  private async fetch(v: FileVersion, tmp: string) {
    const md5 = createHash('md5');
    const sha256 = createHash('sha256');
    let size = 0;
    const source = await this.storage.getStream(v.bucket, v.objectKey);
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _e, done) {
          size += chunk.length;
          md5.update(chunk);
          sha256.update(chunk);
          done(null, chunk);
        },
      }),
      fs.createWriteStream(tmp),
    );
    return { size, md5: md5.digest('hex').toUpperCase(), sha256: sha256.digest('hex') };
  }

  /** After a restart: uploads whose job may never have been queued are queued again (same job id: no repeat). */
  async resumePending(): Promise<void> {
    for (const v of await this.repo.processing()) {
      const job = await this.queue.queue.getJob(v._id);
      // BullMQ gave up on it (its worker died on every attempt): refuse it rather than leave it processing.
      if (job && (await job.isFailed())) {
        await this.repo.markFailed(v._id, `The file could not be processed: ${job.failedReason}`);
        continue;
      }
      await this.queue.add('process', { fileId: v._id }, { jobId: v._id });
    }
  }
}
