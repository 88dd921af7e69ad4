import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { extractGameData, isFormatError, languageOfArchive, type RandomAccess } from '@league/gamefiles';
import type { Logger, ObjectStorage, OutboxRelay, TypedQueue } from '@league/platform';
import type { FileRepository, FileVersion } from '../data/file.repository';
import type { GameDataExtraction, GameDataInput, GameDataRepository } from '../data/game-data.repository';
import { FileSource } from '../formats/source';
import type { Branch } from './rules';

export interface GameDataJob {
  branch: Branch;
}

export interface GameDataSettings {
  tmpDir: string;
  bucketFor: (branch: Branch) => string;
}

/** The key of the published set's object: one per input set, so a retried job writes the same object. */
const objectKeyOf = (inputsKey: string) =>
  `game-data/${createHash('sha256').update(inputsKey).digest('hex').slice(0, 24)}.json.gz`;

/**
 * The files of a branch the game data is read from: its served game database (`.arz`; the newest when a mod
 * ships more than one) and its text archives (`.arc` named as the game names them, `Text_EN.arc`,
 * `<Mod>_Text_DE.arc`, …; the language comes from the name). Other archives hold no text.
 */
export function gameDataInputs(served: readonly FileVersion[]): {
  arz?: FileVersion;
  texts: FileVersion[];
  skipped: string[];
} {
  const databases = served
    .filter((f) => f.kind === 'mod' && f.extension === '.arz')
    .sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt));
  const texts = served
    .filter((f) => f.kind === 'mod' && f.extension === '.arc' && languageOfArchive(f.fileName))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  return { arz: databases[0], texts, skipped: databases.slice(1).map((f) => f.fileName) };
}

/**
 * Processing the game data of a branch (the "processing uploads" worker of the design): whenever a branch's
 * served database or text archives change (an upload became ready, Finalize Beta promoted files, or at start),
 * a job reads them as streams (never the whole database as one object graph), writes the set as gzipped JSON
 * into the branch's bucket and publishes it as the branch's next version with `files.game-data-published.v1`.
 * A corrupt file ends the extraction failed with the reason: the published set stays as it was.
 */
export class GameDataPublisher {
  constructor(
    private readonly files: FileRepository,
    private readonly repo: GameDataRepository,
    private readonly storage: ObjectStorage,
    private readonly queue: TypedQueue<GameDataJob>,
    private readonly relay: OutboxRelay,
    private readonly settings: GameDataSettings,
    private readonly logger: Logger,
  ) {}

  private async inputsNow(branch: Branch) {
    const found = gameDataInputs(await this.files.served(branch));
    const used = [...(found.arz ? [found.arz] : []), ...found.texts];
    const inputs: GameDataInput[] = used.map((f) => ({ fileId: f._id, fileName: f.fileName }));
    return { ...found, used, inputs, inputsKey: used.map((f) => f._id).join(',') };
  }

  /**
   * Queues an extraction of the branch when its inputs differ from the published set's. The job id names the
   * inputs, so the same inputs are queued once however many uploads or replicas ask.
   */
  async schedule(branch: Branch): Promise<void> {
    const { used, inputsKey } = await this.inputsNow(branch);
    if (!used.length) return;
    const current = await this.repo.get(branch);
    if (current?.published?.inputsKey === inputsKey) return;
    const jobId = `${branch}-${createHash('sha256').update(inputsKey).digest('hex').slice(0, 24)}`;
    // A job that gave up (storage down through all its attempts) is tried again rather than left failed.
    const earlier = await this.queue.queue.getJob(jobId);
    if (earlier && (await earlier.isFailed())) await earlier.retry();
    else await this.queue.add('extract', { branch }, { jobId });
  }

  /** The worker's job. Safe to run again: the same inputs publish once (the repository compares them). */
  async extract(branch: Branch, lastAttempt: boolean): Promise<void> {
    const { arz, texts, skipped, used, inputs, inputsKey } = await this.inputsNow(branch);
    if (!used.length) return;
    const current = await this.repo.get(branch);
    if (current?.published?.inputsKey === inputsKey) return;
    const startedAt = new Date();
    const extraction = (status: GameDataExtraction['status'], message: string | null): GameDataExtraction => ({
      status,
      inputsKey,
      inputs,
      startedAt,
      finishedAt: status === 'processing' ? null : new Date(),
      message,
      durationMs: status === 'processing' ? null : Date.now() - startedAt.getTime(),
    });
    await this.repo.noteExtraction(branch, extraction('processing', null));
    const dir = await fs.promises.mkdtemp(path.join(this.settings.tmpDir, `league-game-data-${branch}-`));
    const sources: FileSource[] = [];
    try {
      const open = async (f: FileVersion): Promise<RandomAccess> => {
        const tmp = path.join(dir, f._id);
        await pipeline(await this.storage.getStream(f.bucket, f.objectKey), fs.createWriteStream(tmp));
        const src = await FileSource.open(tmp);
        sources.push(src);
        return src;
      };
      let set;
      try {
        set = await extractGameData({
          arz: arz ? await open(arz) : undefined,
          texts: await Promise.all(
            texts.map(async (f) => ({
              language: languageOfArchive(f.fileName)!,
              src: await open(f),
              name: f.fileName,
            })),
          ),
        });
      } catch (err) {
        if (!isFormatError(err)) throw err;
        await this.repo.noteExtraction(branch, extraction('failed', err.message));
        this.logger.warn({ branch, reason: err.message }, 'game data extraction refused the files');
        return;
      }
      const body = gzipSync(JSON.stringify(set));
      const bucket = this.settings.bucketFor(branch);
      const objectKey = objectKeyOf(inputsKey);
      await this.storage.putStream(bucket, objectKey, body, body.length, { 'content-type': 'application/json' });
      const s = set.stats;
      const note = skipped.length ? `Read ${arz!.fileName}; also served and not read: ${skipped.join(', ')}` : null;
      const published = await this.repo.publish(
        branch,
        {
          inputsKey,
          inputs,
          bucket,
          objectKey,
          sha256: createHash('sha256').update(body).digest('hex'),
          size: body.length,
          records: s.records,
          items: s.items,
          affixes: s.affixes,
          sets: s.sets,
          creatures: s.creatures,
          languages: [...s.languages].sort(),
          problems: s.problems,
          problemCount: s.problemCount,
        },
        extraction('published', note),
        new Date(),
      );
      if (published) {
        this.relay.kick();
        this.logger.info({ branch, version: published.version, ...s, problems: undefined }, 'game data published');
        await this.removeOlderObjects(bucket, objectKey, current?.published?.objectKey);
      }
    } catch (err) {
      if (lastAttempt)
        await this.repo.noteExtraction(
          branch,
          extraction('failed', `The game data could not be read: ${(err as Error).message}`),
        );
      throw err;
    } finally {
      await Promise.all(sources.map((s) => s.close().catch(() => undefined)));
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /** Keeps the new set and the one before it (a consumer may be loading it), removes older ones. */
  private async removeOlderObjects(bucket: string, keep: string, previous: string | undefined) {
    for (const o of await this.storage.list(bucket, 'game-data/')) {
      if (o.key === keep || o.key === previous) continue;
      await this.storage.remove(bucket, o.key).catch(() => undefined);
    }
  }

  /** After a restart: each branch is looked at once (its inputs may have changed while nobody was listening). */
  async resume(): Promise<void> {
    for (const branch of ['prod', 'beta'] as const) await this.schedule(branch);
  }

  /** The languages of a branch's published set (beta: prod's until beta has one); English first, always. */
  async languages(branch: Branch): Promise<string[]> {
    const own = (await this.repo.get(branch))?.published;
    const set = own ?? (branch === 'beta' ? (await this.repo.get('prod'))?.published : undefined);
    return ['en', ...(set?.languages ?? []).filter((l) => l !== 'en').sort()];
  }

  /** The admin screen's view of both branches (the object's location stays inside the service). */
  async status() {
    return Promise.all(
      (['prod', 'beta'] as const).map(async (branch) => {
        const doc = await this.repo.get(branch);
        const p = doc?.published;
        const x = doc?.lastExtraction;
        return {
          branch,
          published: p
            ? {
                version: p.version,
                inputs: p.inputs,
                size: p.size,
                records: p.records,
                items: p.items,
                affixes: p.affixes,
                sets: p.sets,
                creatures: p.creatures,
                languages: p.languages,
                problems: p.problems,
                problemCount: p.problemCount,
                publishedAt: new Date(p.publishedAt).toISOString(),
              }
            : null,
          lastExtraction: x
            ? {
                status: x.status,
                inputs: x.inputs,
                startedAt: new Date(x.startedAt).toISOString(),
                finishedAt: x.finishedAt ? new Date(x.finishedAt).toISOString() : null,
                message: x.message,
                durationMs: x.durationMs,
              }
            : null,
        };
      }),
    );
  }
}
