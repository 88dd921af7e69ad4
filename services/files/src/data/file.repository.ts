import { filePublishedV1, betaFinalizedV1, type EventData } from '@league/contracts';
import { outboxEntry } from '@league/platform';
import type { Connection, Model } from 'mongoose';
import { fileVersionModel, finalisationModel, type FileVersionDoc, type FinalisationDoc } from './file.model';

export type FileVersion = Omit<FileVersionDoc, 'outbox'>;
export type Finalisation = Omit<FinalisationDoc, 'outbox'>;
const FINALISATION_ID = 'beta';

const plain = <T extends { outbox?: unknown }>(doc: T | null): Omit<T, 'outbox'> | undefined => {
  if (!doc) return undefined;
  const { outbox: _outbox, ...rest } = doc;
  return rest;
};

const published = (v: FileVersion, at: Date): EventData<typeof filePublishedV1> => ({
  fileId: v._id,
  branch: v.branch,
  kind: v.kind,
  fileName: v.fileName,
  modName: v.modName,
  version: v.version,
  size: v.size,
  md5: v.md5!,
  sha256: v.sha256!,
  publishedAt: at.toISOString(),
});

/** Files and the finalisation run; returns plain objects. */
export class FileRepository {
  readonly files: Model<FileVersionDoc>;
  readonly finalisations: Model<FinalisationDoc>;

  constructor(conn: Connection) {
    this.files = fileVersionModel(conn);
    this.finalisations = finalisationModel(conn);
  }

  async init(): Promise<void> {
    await this.files.syncIndexes();
  }

  async create(version: Omit<FileVersion, 'createdAt'> & { createdAt?: Date }): Promise<FileVersion> {
    const doc = { createdAt: new Date(), ...version, outbox: [] };
    await this.files.collection.insertOne(doc as never);
    return plain(doc)!;
  }

  /**
   * Stores a version that is ready at once (a promotion of an already validated file) with its publish event
   * in the same insert. Returns false when it exists already (a resumed run).
   */
  async createReady(version: FileVersion): Promise<boolean> {
    try {
      await this.files.collection.insertOne({
        ...version,
        outbox: [outboxEntry(filePublishedV1, published(version, version.readyAt!), version._id)],
      } as never);
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  async get(id: string): Promise<FileVersion | undefined> {
    return plain(await this.files.findById(id).lean<FileVersionDoc>());
  }

  /** processing → ready with its digest and the publish event, in one guarded update. */
  async markReady(id: string, digest: { size: number; md5: string; sha256: string }): Promise<boolean> {
    const current = await this.get(id);
    if (!current || current.status !== 'processing') return false;
    const readyAt = new Date();
    const res = await this.files.updateOne(
      { _id: id, status: 'processing' },
      {
        $set: { status: 'ready', ...digest, readyAt, errorMessage: null },
        $push: { outbox: outboxEntry(filePublishedV1, published({ ...current, ...digest }, readyAt), id) },
      },
    );
    return res.modifiedCount === 1;
  }

  async markFailed(id: string, reason: string, size?: number): Promise<boolean> {
    const res = await this.files.updateOne(
      { _id: id, status: 'processing' },
      { $set: { status: 'failed', errorMessage: reason, ...(size === undefined ? {} : { size }) } },
    );
    return res.modifiedCount === 1;
  }

  /** After `v` became ready: older ready versions of its slot stop being candidates (cleanup, not the switch). */
  async supersedeOlder(v: FileVersion): Promise<void> {
    await this.files.updateMany(
      { branch: v.branch, slot: v.slot, status: 'ready', createdAt: { $lt: v.createdAt } },
      { $set: { status: 'superseded' } },
    );
  }

  /** The served version of every slot of a branch: the newest ready one. */
  async served(branch: 'prod' | 'beta'): Promise<FileVersion[]> {
    const docs = await this.files.find({ branch, status: 'ready' }).sort({ createdAt: -1 }).lean<FileVersionDoc[]>();
    const seen = new Set<string>();
    const out: FileVersion[] = [];
    for (const d of docs) {
      if (seen.has(d.slot)) continue;
      seen.add(d.slot);
      out.push(plain(d)!);
    }
    return out;
  }

  async servedInSlot(branch: 'prod' | 'beta', slot: string): Promise<FileVersion | undefined> {
    const doc = await this.files
      .findOne({ branch, slot, status: 'ready' })
      .sort({ createdAt: -1 })
      .lean<FileVersionDoc>();
    return plain(doc);
  }

  async processing(): Promise<FileVersion[]> {
    return (await this.files.find({ status: 'processing' }).lean<FileVersionDoc[]>()).map((d) => plain(d)!);
  }

  // --- beta finalisation ---

  async finalisation(): Promise<Finalisation | undefined> {
    return plain(await this.finalisations.findById(FINALISATION_ID).lean<FinalisationDoc>());
  }

  /** Starts a run unless one is processing; returns the run that is processing now and whether it is new. */
  async startFinalisation(runId: string): Promise<{ run: Finalisation; started: boolean }> {
    try {
      const doc = await this.finalisations
        .findOneAndUpdate(
          { _id: FINALISATION_ID, status: { $ne: 'processing' } },
          {
            $set: { status: 'processing', runId, startedAt: new Date(), finishedAt: null, message: null, promoted: [] },
          },
          { upsert: true, new: true },
        )
        .lean<FinalisationDoc>();
      return { run: plain(doc)!, started: true };
    } catch (err) {
      // The upsert collided with the processing run's document: someone else's run is on.
      if ((err as { code?: number }).code !== 11000) throw err;
      return { run: (await this.finalisation())!, started: false };
    }
  }

  async finishFinalisation(runId: string, promoted: EventData<typeof betaFinalizedV1>['promoted']): Promise<boolean> {
    const finishedAt = new Date();
    const res = await this.finalisations.updateOne(
      { _id: FINALISATION_ID, runId, status: 'processing' },
      {
        $set: { status: 'success', finishedAt, promoted: promoted.map((p) => p.fileName) },
        $push: {
          outbox: outboxEntry(betaFinalizedV1, { runId, promoted, finishedAt: finishedAt.toISOString() }, runId),
        },
      },
    );
    return res.modifiedCount === 1;
  }

  async failFinalisation(runId: string, message: string): Promise<void> {
    await this.finalisations.updateOne(
      { _id: FINALISATION_ID, runId, status: 'processing' },
      { $set: { status: 'error', finishedAt: new Date(), message } },
    );
  }
}
