import { outboxField } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';

export type FileStatus = 'processing' | 'ready' | 'failed' | 'superseded';

/**
 * One uploaded version of a file. A branch's served file in a slot (a mod file name, or the one launcher) is
 * its newest `ready` version: a new upload stays `processing` until validated, so the previous version keeps
 * being served until the switch, which is a single-document status change.
 */
export interface FileVersionDoc {
  _id: string;
  branch: 'prod' | 'beta';
  kind: 'mod' | 'launcher';
  /** `launcher`, or `mod:<lower-case name>`: what a new version replaces. */
  slot: string;
  fileName: string;
  extension: '.arc' | '.arz' | '.zip';
  modName: string;
  version: string;
  bucket: string;
  objectKey: string;
  status: FileStatus;
  errorMessage: string | null;
  size: number;
  md5: string | null;
  sha256: string | null;
  /**
   * The SHA-256 of the bytes as they were received (before validation): an upload of the same bytes while
   * this version is its slot's newest is the same upload sent again (register). Absent on older records.
   */
  receivedSha256?: string | null;
  uploadedBy: string;
  /** The beta version this prod version was promoted from. */
  promotedFrom: string | null;
  createdAt: Date;
  readyAt: Date | null;
  outbox: unknown[];
}

const schema = new Schema<FileVersionDoc>(
  {
    _id: { type: String, required: true },
    branch: { type: String, required: true },
    kind: { type: String, required: true },
    slot: { type: String, required: true },
    fileName: { type: String, required: true },
    extension: { type: String, required: true },
    modName: { type: String, default: '' },
    version: { type: String, default: '' },
    bucket: { type: String, required: true },
    objectKey: { type: String, required: true },
    status: { type: String, required: true },
    errorMessage: { type: String, default: null },
    size: { type: Number, default: 0 },
    md5: { type: String, default: null },
    sha256: { type: String, default: null },
    receivedSha256: { type: String, default: null },
    uploadedBy: { type: String, required: true },
    promotedFrom: { type: String, default: null },
    createdAt: { type: Date, required: true },
    readyAt: { type: Date, default: null },
    outbox: outboxField as never,
  },
  { collection: 'files', versionKey: false },
);
schema.index({ branch: 1, status: 1, createdAt: -1 });
schema.index({ branch: 1, slot: 1, status: 1 });

export const fileVersionModel = (conn: Connection): Model<FileVersionDoc> =>
  conn.models.FileVersion ?? conn.model<FileVersionDoc>('FileVersion', schema);

export type FinaliseState = 'processing' | 'success' | 'error';

/** The beta finalisation: one document, so "at most one run at a time" is a guarded single-document update. */
export interface FinalisationDoc {
  _id: string;
  status: FinaliseState;
  runId: string;
  startedAt: Date;
  finishedAt: Date | null;
  message: string | null;
  promoted: string[];
  outbox: unknown[];
}

const finalisationSchema = new Schema<FinalisationDoc>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true },
    runId: { type: String, required: true },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    message: { type: String, default: null },
    promoted: { type: [String], default: [] },
    outbox: outboxField as never,
  },
  { collection: 'finalisations', versionKey: false },
);

export const finalisationModel = (conn: Connection): Model<FinalisationDoc> =>
  conn.models.Finalisation ?? conn.model<FinalisationDoc>('Finalisation', finalisationSchema);
