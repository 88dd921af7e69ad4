import { Schema, type Connection, type Model } from 'mongoose';

/** A participant's character as the launcher last uploaded it (LAUNCHER-API.md §3, part `character`). */
export interface CharacterDoc {
  _id: number;
  participantId: number;
  seasonId: number;
  name: string;
  /** Lower-cased name: one character per name and participant. */
  nameKey: string;
  className: string;
  level: number;
  hardcore: boolean;
  deathCount: number;
  lastAttackedBy: string;
  timePlayed: number;
  devotionPoints: number;
  maxDifficulty: number;
  currentDifficulty: number;
  physique: number;
  cunning: number;
  spirit: number;
  health: number;
  energy: number;
  /** Uppercase hex MD5 of the last player.gdc stored for it. */
  lastChecksum: string;
  createdAt: Date;
  updatedAt: Date;
}

/** One death of a hardcore character: the death counter reached `deathCount`, killed by `tag`. */
export interface CharacterDeathDoc {
  /** `${participantId}:${nameKey}:${deathCount}` — a second upload of the same save adds nothing. */
  _id: string;
  participantId: number;
  seasonId: number;
  characterName: string;
  deathCount: number;
  tag: string;
  killedBy: string;
  /** The character's class (its save's header class; '' without a mastery). */
  className: string;
  /** The character's level when it died, and its band (index into LEVEL_BANDS) for the analytics. */
  level: number;
  levelBand: number;
  /** The save's current difficulty (0 Normal, 1 Elite, 2 Ultimate): its lastMonsterHitBy named the killer. */
  difficulty: number;
  at: Date;
}

const opts = { versionKey: false as const };

const characterSchema = new Schema<CharacterDoc>(
  {
    _id: Number,
    participantId: { type: Number, required: true, index: true },
    seasonId: { type: Number, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    className: { type: String, default: '' },
    level: { type: Number, default: 0 },
    hardcore: { type: Boolean, default: false },
    deathCount: { type: Number, default: 0 },
    lastAttackedBy: { type: String, default: '' },
    timePlayed: { type: Number, default: 0 },
    devotionPoints: { type: Number, default: 0 },
    maxDifficulty: { type: Number, default: 0 },
    currentDifficulty: { type: Number, default: 0 },
    physique: { type: Number, default: 0 },
    cunning: { type: Number, default: 0 },
    spirit: { type: Number, default: 0 },
    health: { type: Number, default: 0 },
    energy: { type: Number, default: 0 },
    lastChecksum: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { ...opts, collection: 'participant_characters' },
);
characterSchema.index({ participantId: 1, nameKey: 1 }, { unique: true });

const deathSchema = new Schema<CharacterDeathDoc>(
  {
    _id: String,
    participantId: { type: Number, required: true, index: true },
    // The analytics aggregate one season's deaths.
    seasonId: { type: Number, required: true, index: true },
    characterName: { type: String, required: true },
    deathCount: { type: Number, required: true },
    tag: { type: String, default: '' },
    killedBy: { type: String, required: true },
    className: { type: String, default: '' },
    level: { type: Number, default: 0 },
    levelBand: { type: Number, default: 0 },
    difficulty: { type: Number, default: 0 },
    at: { type: Date, required: true },
  },
  { ...opts, collection: 'character_deaths' },
);

function model<T>(conn: Connection, name: string, schema: Schema<T>): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
}

export function characterModels(conn: Connection) {
  return {
    Character: model<CharacterDoc>(conn, 'ParticipantCharacter', characterSchema),
    CharacterDeath: model<CharacterDeathDoc>(conn, 'CharacterDeath', deathSchema),
  };
}
export type CharacterModels = ReturnType<typeof characterModels>;
