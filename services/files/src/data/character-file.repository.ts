import { upsertRacing } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type { CharacterFileAddress } from '../domain/character-files';

export interface StoredCharacterFile {
  _id: string;
  participantId: string;
  character: string | null;
  file: string;
  difficulty: string | null;
  objectKey: string;
  size: number;
  md5: string;
  updatedAt: Date;
}

const schema = new Schema<StoredCharacterFile>(
  {
    _id: { type: String, required: true },
    participantId: { type: String, required: true, index: true },
    character: { type: String, default: null },
    file: { type: String, required: true },
    difficulty: { type: String, default: null },
    objectKey: { type: String, required: true },
    size: { type: Number, required: true },
    md5: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'character_files', versionKey: false },
);

/** One document per file address; the id is the address, so "one current file per address" needs no index. */
const idOf = (a: CharacterFileAddress) =>
  [a.participantId, a.character?.toLowerCase() ?? '', a.difficulty ?? '', a.file].map(encodeURIComponent).join('/');

export class CharacterFileRepository {
  readonly model: Model<StoredCharacterFile>;
  constructor(conn: Connection) {
    this.model = conn.models.CharacterFile ?? conn.model<StoredCharacterFile>('CharacterFile', schema);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Points the address at a new object; returns the object it pointed at before, for deletion. */
  async upsert(
    a: CharacterFileAddress,
    blob: { objectKey: string; size: number; md5: string },
  ): Promise<{ stored: StoredCharacterFile; replaced?: string }> {
    const before = await upsertRacing(() =>
      this.model
        .findOneAndUpdate(
          { _id: idOf(a) },
          { $set: { ...a, ...blob, updatedAt: new Date() } },
          { upsert: true, new: false },
        )
        .lean<StoredCharacterFile>()
        .exec(),
    );
    const stored = (await this.model.findById(idOf(a)).lean<StoredCharacterFile>())!;
    return { stored, replaced: before && before.objectKey !== blob.objectKey ? before.objectKey : undefined };
  }

  async get(a: CharacterFileAddress): Promise<StoredCharacterFile | undefined> {
    return (await this.model.findById(idOf(a)).lean<StoredCharacterFile>()) ?? undefined;
  }

  list(participantId: string): Promise<StoredCharacterFile[]> {
    return this.model
      .find({ participantId })
      .sort({ character: 1, difficulty: 1, file: 1 })
      .lean<StoredCharacterFile[]>();
  }
}
