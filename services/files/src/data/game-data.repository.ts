import { gameDataPublishedV1, type EventData } from '@league/contracts';
import { aggregateKey, outboxEntry, outboxField, type Locks } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type { Branch } from '../domain/rules';

export interface GameDataInput {
  fileId: string;
  fileName: string;
}

/** A published set: the object it is stored as and what it holds. */
export interface PublishedGameData {
  version: number;
  /** Which served files it was read from (sorted ids joined): the same inputs are not read twice. */
  inputsKey: string;
  inputs: GameDataInput[];
  bucket: string;
  objectKey: string;
  sha256: string;
  size: number;
  records: number;
  items: number;
  affixes: number;
  sets: number;
  creatures: number;
  languages: string[];
  problems: string[];
  problemCount: number;
  publishedAt: Date;
}

/** The last extraction of a branch, published or not (the admin screen shows its errors). */
export interface GameDataExtraction {
  status: 'processing' | 'published' | 'unchanged' | 'failed';
  inputsKey: string;
  inputs: GameDataInput[];
  startedAt: Date;
  finishedAt: Date | null;
  message: string | null;
  durationMs: number | null;
}

/** One document per branch: the published set, the last extraction and the publish event's outbox. */
export interface GameDataDoc {
  _id: Branch;
  published: PublishedGameData | null;
  lastExtraction: GameDataExtraction | null;
  outbox: unknown[];
}

const schema = new Schema<GameDataDoc>(
  {
    _id: { type: String, required: true },
    published: { type: Object, default: null },
    lastExtraction: { type: Object, default: null },
    outbox: outboxField as never,
  },
  { collection: 'gameData', versionKey: false, minimize: false },
);

export const gameDataModel = (conn: Connection): Model<GameDataDoc> =>
  (conn.models.GameData as Model<GameDataDoc> | undefined) ?? conn.model<GameDataDoc>('GameData', schema);

/**
 * The game data of each branch. Every change of a branch's document holds its lock (the key the outbox relay
 * takes for its `$pull`): FerretDB does not isolate concurrent updates of one document.
 */
export class GameDataRepository {
  readonly model: Model<GameDataDoc>;

  constructor(
    conn: Connection,
    private readonly locks?: Locks,
  ) {
    this.model = gameDataModel(conn);
  }

  private guarded<T>(branch: Branch, fn: () => Promise<T>): Promise<T> {
    if (!this.locks) return fn();
    return this.locks.withLock(aggregateKey(this.model.collection.collectionName, branch), fn);
  }

  async get(branch: Branch): Promise<Omit<GameDataDoc, 'outbox'> | null> {
    return this.model.findById(branch, { outbox: 0 }).lean<Omit<GameDataDoc, 'outbox'>>();
  }

  /** Records the extraction now running (or its outcome) without touching the published set. */
  async noteExtraction(branch: Branch, extraction: GameDataExtraction): Promise<void> {
    await this.guarded(branch, async () => {
      await this.model.updateOne(
        { _id: branch },
        { $set: { lastExtraction: extraction }, $setOnInsert: { published: null, outbox: [] } },
        { upsert: true },
      );
    });
  }

  /**
   * Publishes a set as the branch's next version, with its event in the same write. Returns the version, or
   * null when the branch's published set already came from these inputs (a second worker got there first).
   */
  async publish(
    branch: Branch,
    set: Omit<PublishedGameData, 'version' | 'publishedAt'>,
    extraction: GameDataExtraction,
    now: Date,
  ): Promise<PublishedGameData | null> {
    return this.guarded(branch, async () => {
      const current = await this.get(branch);
      if (current?.published?.inputsKey === set.inputsKey) return null;
      const published: PublishedGameData = {
        ...set,
        version: (current?.published?.version ?? 0) + 1,
        publishedAt: now,
      };
      const event: EventData<typeof gameDataPublishedV1> = {
        branch,
        version: published.version,
        bucket: published.bucket,
        objectKey: published.objectKey,
        sha256: published.sha256,
        size: published.size,
        inputs: published.inputs,
        records: published.records,
        items: published.items,
        affixes: published.affixes,
        creatures: published.creatures,
        languages: published.languages,
        publishedAt: now.toISOString(),
      };
      await this.model.updateOne(
        { _id: branch },
        {
          $set: { published, lastExtraction: extraction },
          $push: { outbox: outboxEntry(gameDataPublishedV1, event, branch) },
        },
        { upsert: true },
      );
      return published;
    });
  }
}
