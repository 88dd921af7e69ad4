import { filePublishedV1, betaFinalizedV1, type EventData } from '@league/contracts';
import {
  aggregateKey,
  isDuplicateKey,
  outboxEntry,
  TokenSnapshot,
  type ChangeToken,
  type Locks,
  type Logger,
} from '@league/platform';
import type { Connection, Model } from 'mongoose';
import { fileVersionModel, finalisationModel, type FileVersionDoc, type FinalisationDoc } from './file.model';

export type FileVersion = Omit<FileVersionDoc, 'outbox'>;
export type Finalisation = Omit<FinalisationDoc, 'outbox'>;
const FINALISATION_ID = 'beta';
/** Each branch's served versions (the newest ready version of each slot), frozen. */
type ServedLists = Readonly<Record<'prod' | 'beta', readonly FileVersion[]>>;

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

/**
 * Files and the finalisation run; returns plain objects.
 *
 * FerretDB does not isolate concurrent updates of one document: two guarded updates can both match, and an
 * update racing the outbox relay's `$pull` can lose one of the two writes. Every guarded update here (and
 * the relay, given the same `locks`) therefore holds the document's lock, `aggregateKey(collection, _id)`.
 */
export class FileRepository {
  readonly files: Model<FileVersionDoc>;
  readonly finalisations: Model<FinalisationDoc>;
  /** Both branches' served versions, held under the served token when one is given. */
  private readonly servedHeld?: TokenSnapshot<ServedLists>;

  /**
   * `served`: the change token of the served versions (`redisChangeToken(redis, database, 'files:served')`)
   * and a logger. With it every process holds each branch's served list (read on every file list, launcher
   * check and About page) and reads it again only after a version became ready, here or in another process;
   * without it (tests of the repository alone) each call reads the database.
   */
  constructor(
    conn: Connection,
    private readonly locks?: Locks,
    served?: { token: ChangeToken; logger: Logger },
  ) {
    this.files = fileVersionModel(conn);
    this.finalisations = finalisationModel(conn);
    if (served)
      this.servedHeld = new TokenSnapshot(served.token, () => this.readServed(), served.logger, 'served files');
  }

  /** After a version became ready: every process reads the served lists again. */
  private async servedChanged(): Promise<void> {
    await this.servedHeld?.changed();
  }

  /** Runs fn holding the lock of one document of `model` (the same key the outbox relay takes). */
  private guarded<T>(model: { collection: { collectionName: string } }, id: string, fn: () => Promise<T>): Promise<T> {
    if (!this.locks) return fn();
    return this.locks.withLock(aggregateKey(model.collection.collectionName, id), fn);
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
   * Creates a version unless `sameAs` says its slot's newest live version (processing or ready) is the same
   * upload. Holds the slot's lock, so two copies of one upload arriving together still make one version.
   */
  async createUnlessSame(
    version: Omit<FileVersion, 'createdAt'>,
    sameAs: (newest: FileVersion) => boolean,
  ): Promise<{ version: FileVersion; created: boolean }> {
    const run = async () => {
      const newest = plain(
        await this.files
          .findOne({ branch: version.branch, slot: version.slot, status: { $in: ['processing', 'ready'] } })
          .sort({ createdAt: -1 })
          .lean<FileVersionDoc>(),
      );
      if (newest && sameAs(newest)) return { version: newest, created: false };
      return { version: await this.create(version), created: true };
    };
    if (!this.locks) return run();
    return this.locks.withLock(
      aggregateKey(this.files.collection.collectionName, `slot:${version.branch}:${version.slot}`),
      run,
    );
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
      await this.servedChanged();
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async get(id: string): Promise<FileVersion | undefined> {
    return plain(await this.files.findById(id).lean<FileVersionDoc>());
  }

  /** processing → ready with its digest and the publish event, in one guarded update. */
  async markReady(id: string, digest: { size: number; md5: string; sha256: string }): Promise<boolean> {
    const ready = await this.guarded(this.files, id, async () => {
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
    });
    if (ready) await this.servedChanged();
    return ready;
  }

  async markFailed(id: string, reason: string, size?: number): Promise<boolean> {
    return this.guarded(this.files, id, async () => {
      const res = await this.files.updateOne(
        { _id: id, status: 'processing' },
        { $set: { status: 'failed', errorMessage: reason, ...(size === undefined ? {} : { size }) } },
      );
      return res.modifiedCount === 1;
    });
  }

  /**
   * After `v` became ready: older ready versions of its slot stop being candidates (cleanup, not the switch).
   * Each older version changes under its own lock, so the update cannot race the relay's `$pull` of it.
   * Returns how many versions this call superseded.
   */
  async supersedeOlder(v: FileVersion): Promise<number> {
    const older = { branch: v.branch, slot: v.slot, status: 'ready', createdAt: { $lt: v.createdAt } };
    const candidates = await this.files.find(older, { _id: 1 }).lean<Array<{ _id: string }>>();
    let superseded = 0;
    for (const { _id } of candidates) {
      const res = await this.guarded(this.files, _id, () =>
        this.files.updateOne({ _id, ...older }, { $set: { status: 'superseded' } }),
      );
      superseded += res.modifiedCount;
    }
    return superseded;
  }

  /**
   * The served version of every slot of a branch: the newest ready one. Never older than a version that
   * became ready before the call (the served token); shared and frozen when held.
   */
  async served(branch: 'prod' | 'beta'): Promise<readonly FileVersion[]> {
    return (this.servedHeld ? await this.servedHeld.get() : await this.readServed())[branch];
  }

  /** Both branches' served versions in one read, frozen (a held value is shared by every request). */
  private async readServed(): Promise<ServedLists> {
    const docs = await this.files.find({ status: 'ready' }).sort({ createdAt: -1 }).lean<FileVersionDoc[]>();
    const seen = new Set<string>();
    const out: Record<'prod' | 'beta', FileVersion[]> = { prod: [], beta: [] };
    for (const d of docs) {
      if (seen.has(`${d.branch}\u0000${d.slot}`)) continue;
      seen.add(`${d.branch}\u0000${d.slot}`);
      out[d.branch].push(Object.freeze(plain(d)!));
    }
    return Object.freeze({ prod: Object.freeze(out.prod), beta: Object.freeze(out.beta) });
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
    return this.guarded(this.finalisations, FINALISATION_ID, async () => {
      try {
        const doc = await this.finalisations
          .findOneAndUpdate(
            { _id: FINALISATION_ID, status: { $ne: 'processing' } },
            {
              $set: {
                status: 'processing',
                runId,
                startedAt: new Date(),
                finishedAt: null,
                message: null,
                promoted: [],
              },
            },
            { upsert: true, new: true },
          )
          .lean<FinalisationDoc>();
        return { run: plain(doc)!, started: true };
      } catch (err) {
        // The upsert collided with the processing run's document: someone else's run is on.
        if (!isDuplicateKey(err)) throw err;
        return { run: (await this.finalisation())!, started: false };
      }
    });
  }

  async finishFinalisation(runId: string, promoted: EventData<typeof betaFinalizedV1>['promoted']): Promise<boolean> {
    return this.guarded(this.finalisations, FINALISATION_ID, async () => {
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
    });
  }

  async failFinalisation(runId: string, message: string): Promise<void> {
    await this.guarded(this.finalisations, FINALISATION_ID, () =>
      this.finalisations.updateOne(
        { _id: FINALISATION_ID, runId, status: 'processing' },
        { $set: { status: 'error', finishedAt: new Date(), message } },
      ),
    );
  }
}
