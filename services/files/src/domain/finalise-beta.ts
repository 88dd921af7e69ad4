import { randomUUID } from 'node:crypto';
import type { FinaliseStatus } from '@league/contracts';
import { AppError, type Logger, type ObjectStorage, type OutboxRelay, type TypedQueue } from '@league/platform';
import type { FileRepository, Finalisation } from '../data/file.repository';
import type { Branch } from './rules';

export interface FinaliseJob {
  runId: string;
}

const toStatus = (run: Finalisation | undefined): FinaliseStatus =>
  run
    ? {
        status: run.status,
        runId: run.runId,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        message: run.message,
        promoted: run.promoted,
      }
    : { status: 'idle', runId: null, startedAt: null, finishedAt: null, message: null, promoted: [] };

/**
 * Promotes beta's served files to prod as new prod versions. One run at a time: the run document's guarded
 * update decides who starts, and the run id is the BullMQ job id, so asking twice queues nothing new. Every
 * step is keyed by (run, beta file), so a run that resumes after a crash skips what it already promoted.
 */
export class BetaFinalisation {
  constructor(
    private readonly repo: FileRepository,
    private readonly storage: ObjectStorage,
    private readonly queue: TypedQueue<FinaliseJob>,
    private readonly relay: OutboxRelay,
    private readonly bucketFor: (branch: Branch) => string,
    private readonly logger: Logger,
    /** Told when promoted files may have changed prod's game data. */
    private readonly gameData?: { schedule(branch: Branch): Promise<void> },
  ) {}

  async status(): Promise<FinaliseStatus> {
    return toStatus(await this.repo.finalisation());
  }

  async request(): Promise<FinaliseStatus> {
    const current = await this.repo.finalisation();
    if (current?.status !== 'processing') {
      const beta = await this.repo.served('beta');
      if (beta.length === 0) throw AppError.conflict('The beta branch has no ready files to finalise');
    }
    const { run } =
      current?.status === 'processing' ? { run: current } : await this.repo.startFinalisation(randomUUID());
    return toStatus(await this.ensureQueued(run));
  }

  /**
   * Queues the run's job again when it was lost (a crash between the run write and the queueing); the job id
   * makes that a no-op otherwise. A job BullMQ gave up on without our handler seeing its last attempt (its
   * worker died every time) ends the run as an error instead of leaving it processing for ever.
   */
  private async ensureQueued(run: Finalisation): Promise<Finalisation> {
    const job = await this.queue.queue.getJob(run.runId);
    if (job && (await job.isFailed())) {
      await this.repo.failFinalisation(run.runId, `Finalising beta failed: ${job.failedReason}`);
      return (await this.repo.finalisation())!;
    }
    await this.queue.add('finalise', { runId: run.runId }, { jobId: run.runId });
    return run;
  }

  async run(runId: string, lastAttempt: boolean): Promise<void> {
    const run = await this.repo.finalisation();
    if (!run || run.runId !== runId || run.status !== 'processing') return;
    try {
      const promoted = [];
      for (const source of await this.repo.served('beta')) {
        const id = `${runId}.${source._id}`;
        let version = await this.repo.get(id);
        if (!version) {
          const bucket = this.bucketFor('prod');
          const objectKey = `files/${id}`;
          // Copied inside the object store (S3 CopyObject, up to 5 GiB; uploads stop at 2 GiB): no byte passes
          // through this process. Same key on a resumed run: a copy cut short by a crash is simply made again.
          await this.storage.client.copyObject(bucket, objectKey, `/${source.bucket}/${source.objectKey}`);
          const now = new Date();
          version = {
            ...source,
            _id: id,
            branch: 'prod',
            bucket,
            objectKey,
            promotedFrom: source._id,
            createdAt: now,
            readyAt: now,
          };
          await this.repo.createReady(version);
        }
        await this.repo.supersedeOlder(version);
        promoted.push({ fileId: id, fileName: source.fileName, kind: source.kind });
      }
      if (await this.repo.finishFinalisation(runId, promoted)) this.relay.kick();
      await this.gameData?.schedule('prod');
      this.logger.info({ runId, promoted: promoted.length }, 'beta finalised');
    } catch (err) {
      if (lastAttempt) await this.repo.failFinalisation(runId, `Finalising beta failed: ${(err as Error).message}`);
      throw err;
    }
  }

  /** After a restart: a run left processing is queued again (a no-op when its job is still known). */
  async resume(): Promise<void> {
    const run = await this.repo.finalisation();
    if (run?.status === 'processing') await this.ensureQueued(run);
  }
}
