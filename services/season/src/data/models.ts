import { aggregateKey, outboxField, type Locks, type Sequences } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';

// Numeric ids throughout: the spec's clients (site and launcher) address seasons, challenges,
// participants, builds and screenshots by integers. They come from Redis sequences (see `nextId`), seeded
// above the ids stored here and the old `counters` collection.
const opts = { versionKey: false, strict: true } as const;

const seasonSchema = new Schema(
  {
    _id: Number,
    displayName: { type: String, required: true },
    isBeta: { type: Boolean, required: true },
    seasonTypeId: { type: Number, required: true },
    seasonNumber: { type: Number, required: true },
    modName: { type: String, required: true },
    modNameKey: { type: String, required: true, index: true },
    participationTag: { type: String, required: true },
    startsAt: { type: Date, required: true },
    endsAt: { type: Date, required: true },
    /** Bumped whenever the ladder's read model changes; the leaderboard cache compares it. */
    ladderVersion: { type: Number, default: 0 },
    /**
     * Bumped after every change of what the public season views show besides the season itself (its
     * challenges, the category names, who joined); the season view cache (domain/season-views.ts) compares it.
     */
    viewVersion: { type: Number, default: 0 },
    /** Set by the demo seed once the season's challenges and demo ladder are in place. */
    seededAt: { type: Date, default: null },
    /**
     * Drained only: season.standing-changed.v1 events used to wait here; they now live in the outbox of the
     * participant's standing row (the aggregate they are keyed by). Kept so entries stored before drain.
     */
    outbox: outboxField,
  },
  { ...opts, collection: 'seasons' },
);

const categorySchema = new Schema(
  { _id: Number, categoryName: { type: String, required: true } },
  { ...opts, collection: 'challengeCategories' },
);

const challengeSchema = new Schema(
  {
    _id: Number,
    seasonId: { type: Number, required: true, index: true },
    challengeName: { type: String, required: true },
    questTag: { type: String, default: null },
    difficulties: { type: String, required: true },
    maxLevel: { type: Number, required: true },
    challengeCategoryId: { type: Number, required: true },
    challengeTypeId: { type: Number, required: true },
    scalingThreshold: { type: Number, default: null },
    pointValue: { type: Number, required: true },
    displayOrder: { type: Number, required: true },
  },
  { ...opts, collection: 'seasonChallenges' },
);

const progressSchema = new Schema(
  {
    seasonChallengeId: { type: Number, required: true },
    quantity: { type: Number, required: true },
    level: { type: Number, default: null },
    completedAt: { type: Date, required: true },
  },
  { _id: false },
);

const participantSchema = new Schema(
  {
    _id: Number,
    seasonId: { type: Number, required: true },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, index: true },
    joinedAt: { type: Date, required: true },
    /** Optimistic concurrency for read-modify-write of `challenges`. */
    rev: { type: Number, default: 0 },
    challenges: { type: [progressSchema], default: [] },
    outbox: outboxField,
  },
  { ...opts, collection: 'participants' },
);
participantSchema.index({ seasonId: 1, usernameKey: 1 }, { unique: true });

/** The standings read model: one row per participant, kept by the event consumer. */
const standingSchema = new Schema(
  {
    _id: Number,
    seasonId: { type: Number, required: true },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, index: true },
    points: { type: Number, default: 0 },
    tiebreakerPoints: { type: Number, default: 0 },
    reachedAt: { type: Date, required: true },
    /** The rank and total last announced in season.standing-changed.v1 (ranks themselves are derived on read). */
    publishedRank: { type: Number, default: null },
    publishedPoints: { type: Number, default: null },
    twitchUrl: { type: String, default: null },
    youtubeUrl: { type: String, default: null },
    classesPlayed: { type: [String], default: [] },
    /** season.standing-changed.v1 events of this participant, written with the announcement they record. */
    outbox: outboxField,
  },
  { ...opts, collection: 'standings' },
);
// Serves the "who is ahead of me" count on MongoDB (FerretDB scans, see the README).
standingSchema.index({ seasonId: 1, points: -1, tiebreakerPoints: -1, reachedAt: 1 });

/** Read model of account.socials-updated.v1, keyed by the lower-cased username. */
const socialSchema = new Schema(
  {
    _id: String,
    username: { type: String, required: true },
    twitchUrl: { type: String, default: null },
    youtubeUrl: { type: String, default: null },
    updatedAt: { type: Date, required: true },
    appliedEvents: { type: [String], default: [] },
  },
  { ...opts, collection: 'socials' },
);

const buildSchema = new Schema(
  {
    _id: Number,
    seasonParticipantId: { type: Number, required: true, index: true },
    seasonId: { type: Number, required: true, index: true },
    buildClass: { type: String, required: true },
    buildUrl: { type: String, required: true },
    buildDescription: { type: String, default: null },
    createdOn: { type: Date, required: true },
    modifiedOn: { type: Date, required: true },
  },
  { ...opts, collection: 'builds' },
);

const screenshotSchema = new Schema(
  {
    _id: Number,
    seasonParticipantId: { type: Number, required: true, index: true },
    seasonId: { type: Number, required: true },
    screenshotUrl: { type: String, required: true },
    createdOn: { type: Date, required: true },
  },
  { ...opts, collection: 'screenshots' },
);

/** Filled by the game-launcher work (deaths reported by characters); read by the kill tracker. */
const killTallySchema = new Schema(
  {
    seasonId: { type: Number, required: true, index: true },
    /** The creature's tag (a save's lastMonsterHitBy); the tally's key with the season. Absent on rows counted before tags were kept. */
    tag: { type: String },
    /** The name known when counted (the catalogue's monster, else the tag): shown when the game data has no name. */
    killedBy: { type: String, required: true },
    killedCount: { type: Number, required: true },
  },
  { ...opts, collection: 'killTallies' },
);

const counterSchema = new Schema(
  { _id: String, seq: { type: Number, default: 0 } },
  { ...opts, collection: 'counters' },
);

export function seasonModels(conn: Connection) {
  return {
    Season: conn.model('Season', seasonSchema),
    Category: conn.model('ChallengeCategory', categorySchema),
    Challenge: conn.model('SeasonChallenge', challengeSchema),
    Participant: conn.model('Participant', participantSchema),
    Standing: conn.model('Standing', standingSchema),
    Social: conn.model('Social', socialSchema),
    Build: conn.model('Build', buildSchema),
    Screenshot: conn.model('Screenshot', screenshotSchema),
    KillTally: conn.model('KillTally', killTallySchema),
    Counter: conn.model('Counter', counterSchema),
  };
}
export type SeasonModels = ReturnType<typeof seasonModels>;

/** Plain shapes the repositories hand out. */
export interface SeasonDoc {
  _id: number;
  displayName: string;
  isBeta: boolean;
  seasonTypeId: number;
  seasonNumber: number;
  modName: string;
  /** modName in lower case: the mod's lookup key. */
  modNameKey: string;
  participationTag: string;
  startsAt: Date;
  endsAt: Date;
  ladderVersion: number;
  /** Absent on seasons stored before it existed (read as 0). */
  viewVersion?: number;
}

export interface CategoryDoc {
  _id: number;
  categoryName: string;
}

export interface ChallengeDoc {
  _id: number;
  seasonId: number;
  challengeName: string;
  questTag: string | null;
  difficulties: string;
  maxLevel: number;
  challengeCategoryId: number;
  challengeTypeId: number;
  scalingThreshold: number | null;
  pointValue: number;
  displayOrder: number;
}

export interface ProgressDoc {
  seasonChallengeId: number;
  quantity: number;
  level: number | null;
  completedAt: Date;
}

export interface ParticipantDoc {
  _id: number;
  seasonId: number;
  userId: string;
  username: string;
  usernameKey: string;
  joinedAt: Date;
  rev: number;
  challenges: ProgressDoc[];
}

export interface StandingDoc {
  _id: number;
  seasonId: number;
  username: string;
  usernameKey: string;
  points: number;
  tiebreakerPoints: number;
  reachedAt: Date;
  publishedRank: number | null;
  publishedPoints: number | null;
  twitchUrl: string | null;
  youtubeUrl: string | null;
  classesPlayed: string[];
}

export interface BuildDoc {
  _id: number;
  seasonParticipantId: number;
  seasonId: number;
  buildClass: string;
  buildUrl: string;
  buildDescription: string | null;
  createdOn: Date;
  modifiedOn: Date;
}

export interface ScreenshotDoc {
  _id: number;
  seasonParticipantId: number;
  seasonId: number;
  screenshotUrl: string;
  createdOn: Date;
}

/** The id sequences of the season service and the collection whose `_id`s each hands out. */
export type IdSequence = 'participant' | 'build' | 'screenshot' | 'seasonChallenge';
const SEQUENCE_MODEL: Record<IdSequence, 'Participant' | 'Build' | 'Screenshot' | 'Challenge'> = {
  participant: 'Participant',
  build: 'Build',
  screenshot: 'Screenshot',
  seasonChallenge: 'Challenge',
};

/**
 * Where a sequence must continue above: the highest `_id` stored in its collection, and the old counter
 * document (raised by the seed over its fixed ids, and holding ids of records deleted since).
 */
export async function storedFloor(models: SeasonModels, name: IdSequence): Promise<number> {
  const model = models[SEQUENCE_MODEL[name]] as unknown as Model<{ _id: number }>;
  const [top, counter] = await Promise.all([
    model.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>(),
    models.Counter.findById(name).lean<{ seq: number }>(),
  ]);
  return Math.max(top?._id ?? 0, counter?.seq ?? 0);
}

/**
 * Next id of a named sequence. With Redis sequences (the service): one atomic `INCR`, seeded from
 * `storedFloor` the first time, so concurrent callers across processes never share an id and no stored id
 * is handed out again. Without them (a script with only a database): the counter document is raised under
 * its lock — FerretDB's bare `$inc` can hand one value out twice.
 */
export async function nextId(
  models: SeasonModels,
  name: IdSequence,
  ids: { sequences?: Sequences; locks?: Locks } = {},
): Promise<number> {
  if (ids.sequences) return ids.sequences.next(name, () => storedFloor(models, name));
  const bump = async () => {
    const floor = await storedFloor(models, name);
    const next = floor + 1;
    await models.Counter.updateOne({ _id: name }, { $set: { seq: next } }, { upsert: true });
    return next;
  };
  if (!ids.locks) throw new Error(`nextId(${name}) needs Redis sequences or locks`);
  return ids.locks.withLock(aggregateKey('counters', name), bump);
}

/** Makes sure a sequence continues above ids written directly (the seed's fixed ids). */
export async function raiseCounter(models: SeasonModels, name: string, atLeast: number): Promise<void> {
  await models.Counter.updateOne({ _id: name }, { $max: { seq: atLeast } }, { upsert: true });
}
