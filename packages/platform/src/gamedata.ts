import { createGunzip } from 'node:zlib';
import { gameDataPublishedV1, type EventData, type EventEnvelope } from '@league/contracts';
import type { Consumer } from 'kafkajs';
import { Schema, type Connection, type Model } from 'mongoose';
import type { GameDataConfig } from './config';
import type { EventBus } from './kafka';
import type { Logger } from './logger';
import type { ServiceEngines } from './service';
import { ObjectStorage } from './storage';

export type GameDataBranch = 'prod' | 'beta';
type Published = EventData<typeof gameDataPublishedV1>;

/** The newest published set of a branch this service knows of (one document per branch). */
interface PointerDoc {
  _id: GameDataBranch;
  version: number;
  bucket: string;
  objectKey: string;
  publishedAt: Date;
}

export interface GameDataOptions<N> {
  mongo: Connection;
  storage: ObjectStorage;
  logger: Logger;
  /** Builds what the service looks names up in from the set's JSON (e.g. gamefiles' `new GameNames(set)`). */
  build: (set: unknown) => N;
  /**
   * The files service's bucket prefix (its FILES_BUCKET_PREFIX): only sets stored in `<prefix>-prod` and
   * `<prefix>-beta` are taken, so deployments (and test runs) sharing a broker never read each other's data.
   */
  bucketPrefix: string;
  /** How often a read may look at the pointers for a set another replica learned of (default 5 s). */
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * The published game data of each branch, as one service uses it. files publishes
 * `files.game-data-published.v1` with a claim check (the set is a gzipped JSON object in MinIO); this
 * service's consumer group records the newest version of each branch in its own database (a pointer
 * document per branch, written only when newer), and every replica loads the set a pointer names. A replica
 * that did not get the event itself (the group hands each event to one replica) sees the new pointer on its
 * next read after `checkEveryMs`, and keeps answering from the set it holds while the new one loads. A set
 * that cannot be fetched is logged and tried again on a later check; the previous one stays in use.
 */
export class GameData<N> {
  private readonly pointers: Model<PointerDoc>;
  private readonly loaded = new Map<GameDataBranch, { version: number; names: N }>();
  private loading: Promise<void> | undefined;
  private checkedAt = 0;
  private readonly listeners: Array<(branch: GameDataBranch, version: number) => void> = [];
  private consumer: Consumer | undefined;

  constructor(private readonly o: GameDataOptions<N>) {
    this.pointers =
      (o.mongo.models.GameDataPointer as Model<PointerDoc> | undefined) ??
      o.mongo.model<PointerDoc>(
        'GameDataPointer',
        new Schema<PointerDoc>(
          { _id: String, version: Number, bucket: String, objectKey: String, publishedAt: Date },
          { collection: 'gameDataPointers', versionKey: false },
        ),
      );
  }

  /** Loads the sets the pointers name, then follows the publish events with `groupId`. */
  async start(bus: EventBus, groupId: string): Promise<void> {
    await this.refresh();
    // The pointers already named the sets: the service need not wait for the group's join to serve them.
    this.consumer = await bus.subscribe({
      groupId,
      fromBeginning: true,
      joinTimeoutMs: 0,
      handlers: {
        [gameDataPublishedV1.type]: (e: EventEnvelope<Published>) => this.onPublished(e.data),
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect().catch(() => undefined);
    await this.loading?.catch(() => undefined);
  }

  /** Idempotent: the pointer moves only forward; a redelivered or older event changes nothing. */
  async onPublished(d: Published): Promise<void> {
    if (d.bucket !== `${this.o.bucketPrefix}-${d.branch}`) return;
    await this.pointers.updateOne(
      { _id: d.branch, version: { $lt: d.version } },
      {
        $set: { version: d.version, bucket: d.bucket, objectKey: d.objectKey, publishedAt: new Date(d.publishedAt) },
      },
    );
    // The upsert's duplicate key (a newer pointer is there already) is the only expected failure.
    await this.pointers.create({ ...d, _id: d.branch, publishedAt: new Date(d.publishedAt) }).catch((err) => {
      if ((err as { code?: number }).code !== 11000) throw err;
    });
    await this.refresh();
  }

  /**
   * The names of a branch: beta falls back to prod (a beta season reads prod's data until beta has its own);
   * undefined while nothing is published. Looks at the pointers at most every `checkEveryMs`, in the background.
   */
  names(branch: GameDataBranch): N | undefined {
    const now = (this.o.now ?? Date.now)();
    if (now - this.checkedAt >= (this.o.checkEveryMs ?? 5_000)) {
      this.checkedAt = now;
      void this.refresh().catch((err: unknown) => this.o.logger.warn({ err }, 'game data check failed'));
    }
    return (this.loaded.get(branch) ?? (branch === 'beta' ? this.loaded.get('prod') : undefined))?.names;
  }

  /** The version held per branch (0: none). */
  version(branch: GameDataBranch): number {
    return this.loaded.get(branch)?.version ?? 0;
  }

  /** Called after a branch's set was replaced in this replica (e.g. to re-index names). */
  onChange(fn: (branch: GameDataBranch, version: number) => void): void {
    this.listeners.push(fn);
  }

  /** Reads the pointers and loads every set newer than the one held; one refresh at a time. */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<void> {
    this.checkedAt = (this.o.now ?? Date.now)();
    const pointers = await this.pointers.find({}).lean<PointerDoc[]>();
    for (const p of pointers) {
      if (p.version <= this.version(p._id)) continue;
      try {
        const names = this.o.build(await this.fetch(p.bucket, p.objectKey));
        this.loaded.set(p._id, { version: p.version, names });
        this.o.logger.info({ branch: p._id, version: p.version }, 'game data loaded');
        for (const fn of this.listeners) fn(p._id, p.version);
      } catch (err) {
        this.o.logger.warn(
          { err, branch: p._id, version: p.version },
          'game data could not be loaded; keeping the set held',
        );
      }
    }
  }

  private async fetch(bucket: string, key: string): Promise<unknown> {
    const chunks: Buffer[] = [];
    const stream = (await this.o.storage.getStream(bucket, key)).pipe(createGunzip());
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
}

/**
 * The reader's language for game names: a supported language's primary subtag from `Accept-Language`
 * (by q-value, then order), else English. `de-DE,de;q=0.9,en;q=0.8` → `de` when German is held.
 */
export function pickLanguage(header: string | undefined, available: Iterable<string>): string {
  const held = new Set([...available].map((l) => l.toLowerCase()));
  const wanted = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0]!, q: q ? Number(q[1]) : 1, i };
    })
    .filter((w) => w.lang && w.lang !== '*' && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return wanted.find((w) => held.has(w.lang))?.lang ?? 'en';
}

/**
 * A service's published game data, loaded and followed: MinIO from the service's config (`gameDataConfigSchema`),
 * the pointers in its own database, the publish events with `groupId` (one group per service and deployment).
 */
export async function followGameData<N>(
  engines: Pick<ServiceEngines, 'mongo' | 'bus' | 'logger'>,
  config: GameDataConfig,
  groupId: string,
  build: (set: unknown) => N,
): Promise<GameData<N>> {
  const storage = new ObjectStorage({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    region: config.MINIO_REGION,
  });
  const data = new GameData<N>({
    mongo: engines.mongo,
    storage,
    logger: engines.logger,
    build,
    bucketPrefix: config.FILES_BUCKET_PREFIX,
  });
  await data.start(engines.bus, groupId);
  return data;
}
