import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, type ObjectStorage } from '@league/platform';
import type { CharacterFileRepository, StoredCharacterFile } from '../data/character-file.repository';
import { streamToObject } from '../data/object-writer';
import { zipStream } from '../formats/zip-stream';

export const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Files kept per character (player.gdc), per character and difficulty, and per participant (shared). */
const CHARACTER_FILES = ['player.gdc'];
const DIFFICULTY_FILES = ['quests.gdd', 'conversations.gdd', 'map.fow'];
const PARTICIPANT_FILES = [
  'formulas.gst',
  'formulas.gsh',
  'transmutes.gst',
  'transmutes.gsh',
  'tags.gst',
  'tags.gsh',
  'transfer.gst',
  'transfer.gsh',
];
export const MAX_CHARACTER_FILE_BYTES = 16 * 1024 * 1024;
const CHARACTER_NAME = /^[^\\/\x00-\x1f]{1,64}$/; // eslint-disable-line no-control-regex

export interface CharacterFileAddress {
  participantId: string;
  character: string | null;
  file: string;
  difficulty: Difficulty | null;
}

/** Checks which combination a file belongs to, so a quests file without a difficulty is a 400, not a blob. */
export function addressOf(
  participantId: string,
  character: string | null,
  rawFile: string,
  difficulty: string | undefined,
): CharacterFileAddress {
  const file = rawFile.toLowerCase();
  if (character !== null && (!CHARACTER_NAME.test(character) || character.includes('..'))) {
    throw AppError.badRequest(`'${character}' is not a character name`);
  }
  if (character === null) {
    if (!PARTICIPANT_FILES.includes(file)) {
      throw AppError.badRequest(`A participant keeps only ${PARTICIPANT_FILES.join(', ')}`);
    }
    return { participantId, character: null, file, difficulty: null };
  }
  if (CHARACTER_FILES.includes(file)) return { participantId, character, file, difficulty: null };
  if (!DIFFICULTY_FILES.includes(file)) {
    throw AppError.badRequest(`A character keeps only ${[...CHARACTER_FILES, ...DIFFICULTY_FILES].join(', ')}`);
  }
  const d = DIFFICULTIES.find((x) => x.toLowerCase() === (difficulty ?? '').toLowerCase());
  if (!d) throw AppError.badRequest(`${file} needs a difficulty: Normal, Elite or Ultimate`);
  return { participantId, character, file, difficulty: d };
}

/** The path of a file inside a character's folder zip. */
const pathInFolder = (f: StoredCharacterFile) => (f.difficulty ? `${f.difficulty}/${f.file}` : f.file);

/**
 * Raw character files per participant, character and difficulty, with their MD5 (uppercase, as the
 * launcher compares). Each write is a new object; the record then points at it and the old object goes.
 */
export class CharacterFiles {
  constructor(
    private readonly repo: CharacterFileRepository,
    private readonly storage: ObjectStorage,
    private readonly bucket: string,
  ) {}

  async put(address: CharacterFileAddress, body: Readable): Promise<StoredCharacterFile> {
    const objectKey = `characters/${randomUUID()}`;
    const md5 = createHash('md5');
    let size = 0;
    await streamToObject(this.storage, this.bucket, objectKey, body, (chunk) => {
      size += chunk.length;
      if (size > MAX_CHARACTER_FILE_BYTES) {
        throw AppError.payloadTooLarge(`A character file is at most ${MAX_CHARACTER_FILE_BYTES} bytes`);
      }
      md5.update(chunk);
    });
    const { stored, replaced } = await this.repo.upsert(address, {
      objectKey,
      size,
      md5: md5.digest('hex').toUpperCase(),
    });
    if (replaced) await this.storage.remove(this.bucket, replaced).catch(() => undefined);
    return stored;
  }

  /** The raw bytes and record, or undefined (the launcher reads "none" as 204). */
  async get(address: CharacterFileAddress): Promise<{ file: StoredCharacterFile; body: Readable } | undefined> {
    const file = await this.repo.get(address);
    if (!file) return undefined;
    return { file, body: await this.storage.getStream(this.bucket, file.objectKey) };
  }

  list(participantId: string): Promise<StoredCharacterFile[]> {
    return this.repo.list(participantId);
  }

  /** A character's folder as a zip streamed object by object; undefined when the character has no file. */
  async folder(participantId: string, character: string): Promise<Readable | undefined> {
    const files = (await this.repo.list(participantId)).filter(
      (f) => f.character?.toLowerCase() === character.toLowerCase(),
    );
    if (files.length === 0) return undefined;
    return zipStream(
      files.map((f) => ({ name: pathInFolder(f), open: () => this.storage.getStream(this.bucket, f.objectKey) })),
    );
  }
}
