import type { Connection } from 'mongoose';
import { BUILD_CLASSES } from '@league/contracts';
import { easternToUtc } from '../domain/eastern-time';
import { summarisePoints, type ChallengeRule } from '../domain/points';
import { rankLadder } from '../domain/ranking';
import { raiseCounter, seasonModels, type SeasonModels } from './models';

export interface SeedOptions {
  /** Shift Season 7's window so it starts now (same length), for a demo with a running season. */
  season7StartsNow?: boolean;
  /** Demo participants per prod Season 7 ladder (at most 15 on previous seasons, 5 on beta). */
  participantsPerLadder?: number;
  now?: Date;
}

export const CATEGORIES = [
  { _id: 1, categoryName: 'Campaign' },
  { _id: 2, categoryName: 'Bosses' },
  { _id: 3, categoryName: 'Shattered Realm' },
  { _id: 4, categoryName: 'Crucible' },
  { _id: 5, categoryName: 'Collections' },
  { _id: 6, categoryName: 'Tiebreakers' },
] as const;

type Window = { start: [number, number, number]; end: [number, number, number] };
// Season 7's window is the spec's; seasons 3–6 are our own approximations (the spec gives no dates).
const WINDOWS: Record<number, Window> = {
  3: { start: [2023, 4, 7], end: [2023, 7, 7] },
  4: { start: [2023, 9, 22], end: [2023, 12, 22] },
  5: { start: [2024, 1, 26], end: [2024, 4, 26] },
  6: { start: [2024, 5, 24], end: [2024, 8, 23] },
  7: { start: [2024, 10, 19], end: [2025, 1, 19] },
};

/** Season ids: previous seasons 8–15 (two ladders each), Season 7 beta 16/17 and prod 18/19, as the spec names. */
const LADDERS = [
  ...[3, 4, 5, 6].flatMap((n) => [
    { _id: 2 * n + 2, seasonNumber: n, seasonTypeId: 1, isBeta: false },
    { _id: 2 * n + 3, seasonNumber: n, seasonTypeId: 2, isBeta: false },
  ]),
  { _id: 16, seasonNumber: 7, seasonTypeId: 1, isBeta: true },
  { _id: 17, seasonNumber: 7, seasonTypeId: 2, isBeta: true },
  { _id: 18, seasonNumber: 7, seasonTypeId: 1, isBeta: false },
  { _id: 19, seasonNumber: 7, seasonTypeId: 2, isBeta: false },
];

type ChallengeSeed = [
  name: string,
  category: number,
  type: number,
  points: number,
  maxLevel: number,
  difficulties: string,
  threshold?: number,
];

const COMMON: ChallengeSeed[] = [
  ['Reach level 50', 1, 1, 10, 100, 'Normal'],
  ['Complete the Normal campaign at or below level 40', 1, 2, 25, 40, 'Normal'],
  ['Complete the Elite campaign at or below level 70', 1, 2, 40, 70, 'Elite'],
  ['Kill Log I in Ultimate', 2, 1, 30, 100, 'Ultimate'],
  ['Kill Callagadra', 2, 1, 50, 100, 'Ultimate'],
  ['Kill Ravager of Minds at or below level 94', 2, 3, 60, 94, 'Ultimate'],
  ['Shattered Realm 40 (Must start SR at or below level 25)', 3, 3, 40, 25, 'Ultimate'],
  ['Shattered Realm 65 (Must start SR at or below level 25)', 3, 3, 75, 25, 'Ultimate'],
  ['Clear Crucible wave 150 on Aspirant', 4, 1, 35, 100, 'Normal+Elite+Ultimate'],
  ['Crucible 170 runs', 4, 4, 5, 100, 'Ultimate', 10],
  ['Find legendary items', 5, 4, 2, 100, 'Normal+Elite+Ultimate', 25],
  ['Complete a legendary set', 5, 1, 20, 100, 'Ultimate'],
  ['First to level 100', 6, 1, 5, 100, 'Ultimate'],
  ['Kill Mogdrogen the Wolf', 6, 1, 3, 100, 'Ultimate'],
];
const EXTRA: Record<number, ChallengeSeed[]> = {
  3: [["Kill Grava'thul in Ultimate", 2, 1, 30, 100, 'Ultimate']],
  4: [
    ['Kill the Ancient Grove boss', 2, 1, 25, 100, 'Elite+Ultimate'],
    ['Shattered Realm 75 runs', 3, 4, 10, 100, 'Ultimate', 5],
  ],
  5: [
    ['Kill Lokarr in Ultimate', 2, 1, 30, 100, 'Ultimate'],
    ['Complete Forgotten Gods at or below level 85', 1, 2, 45, 85, 'Ultimate'],
  ],
  6: [
    ['Kill the Eldritch Sun in Ultimate', 2, 1, 40, 100, 'Ultimate'],
    ['Crucible 170 on Gladiator', 4, 1, 60, 100, 'Ultimate'],
  ],
  7: [
    ['Kill Loghorrean', 2, 1, 45, 100, 'Ultimate'],
    ['Boundless Dungeon depth 20', 3, 4, 8, 100, 'Ultimate', 20],
    ['Kill Avatar of Mogdrogen at or below level 90', 2, 3, 80, 90, 'Ultimate'],
    ['Kill the Fallen Witchgod in Elite at or below level 65', 2, 2, 35, 65, 'Elite'],
  ],
};

const NAMES = [
  'Aldritch',
  'Baelgrim',
  'Cairnwyn',
  'Dravenholt',
  'Elowen',
  'Fenrick',
  'Gorvash',
  'Hesperine',
  'Ilvaine',
  'Jorund',
  'Kaelith',
  'Lorcan',
  'Maelis',
  'Nerevan',
  'Orsolya',
  'Perrault',
  'Quillon',
  'Rhosyn',
  'Sarvek',
  'Tamsin',
  'Ulfgar',
  'Vesper',
  'Wystan',
  'Xandria',
  'Yorick',
  'Zephyrine',
  'Ashgrove',
  'Blackmoor',
  'Cinderfall',
  'Duskwane',
  'Emberlyn',
  'Frosthelm',
  'Grimwald',
  'Hollowmere',
  'Ironveil',
  'Jadewick',
  'Kestrel',
  'Lumen',
  'Morrigan',
  'Nightfen',
];

/** A small deterministic generator, so every seeded database holds the same demo ladder. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

const at = ([y, m, d]: [number, number, number]) => easternToUtc(y, m, d, 11, 0);

/** The demo participant name for slot i (beyond the name list, numbered). */
export const demoName = (i: number) =>
  i < NAMES.length ? NAMES[i]! : `${NAMES[i % NAMES.length]}${Math.floor(i / NAMES.length)}`;

/**
 * Seeds seasons, categories, challenges and a demo ladder. Idempotent: fixed ids and upserts; a season's
 * challenges and demo ladder are written only until its `seededAt` is set, so an admin's later edits
 * are never undone by another run. With `season7StartsNow` each run moves Season 7's window to now.
 * A season service already running sees the seasons written here once told (`ctx.seasons.changed()`, or
 * the directory's token replaced, as the seed command does), else within SNAPSHOT_MAX_AGE_MS.
 */
export async function seedDemo(
  conn: Connection,
  options: SeedOptions = {},
): Promise<{ seasons: number; participants: number }> {
  const models = seasonModels(conn);
  await Promise.all(Object.values(models).map((m) => m.init()));
  const now = options.now ?? new Date();
  const haveCategories = new Set(
    (await models.Category.find({}, { _id: 1 }).lean<Array<{ _id: number }>>()).map((c) => c._id),
  );
  const missingCategories = CATEGORIES.filter((c) => !haveCategories.has(c._id));
  if (missingCategories.length)
    await models.Category.collection.insertMany(missingCategories.map((c) => ({ ...c })) as never);
  const s7 = WINDOWS[7]!;
  const s7Length = at(s7.end).getTime() - at(s7.start).getTime();
  const shifted = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  let participants = 0;
  for (const ladder of LADDERS) {
    const window = WINDOWS[ladder.seasonNumber]!;
    const mod = `GrimLeagueS${String(ladder.seasonNumber).padStart(2, '0')}`;
    const startsAt = ladder.seasonNumber === 7 && options.season7StartsNow ? shifted : at(window.start);
    const endsAt =
      ladder.seasonNumber === 7 && options.season7StartsNow ? new Date(shifted.getTime() + s7Length) : at(window.end);
    await models.Season.updateOne(
      { _id: ladder._id },
      {
        $setOnInsert: {
          displayName: `Season ${ladder.seasonNumber}`,
          isBeta: ladder.isBeta,
          seasonTypeId: ladder.seasonTypeId,
          seasonNumber: ladder.seasonNumber,
          modName: mod,
          modNameKey: mod.toLowerCase(),
          participationTag: `gdl_s${String(ladder.seasonNumber).padStart(2, '0')}_${ladder.seasonTypeId === 1 ? 'sc_trade' : 'hc_ssf'}${ladder.isBeta ? '_beta' : ''}`,
          ladderVersion: 0,
          seededAt: null,
          ...(ladder.seasonNumber === 7 && options.season7StartsNow ? {} : { startsAt, endsAt }),
        },
        ...(ladder.seasonNumber === 7 && options.season7StartsNow ? { $set: { startsAt, endsAt } } : {}),
      },
      { upsert: true },
    );
    const season = await models.Season.findById(ladder._id).lean<{
      seededAt: Date | null;
      startsAt: Date;
      endsAt: Date;
    }>();
    if (season?.seededAt) continue;
    const rules = await seedChallenges(models, ladder._id, ladder.seasonNumber);
    const perLadder = options.participantsPerLadder ?? 40;
    const count = ladder.isBeta || ladder.seasonNumber < 7 ? Math.min(perLadder, ladder.isBeta ? 5 : 15) : perLadder;
    participants += await seedLadder(models, ladder._id, rules, count, season!.startsAt, season!.endsAt, now);
    await models.Season.updateOne(
      { _id: ladder._id },
      { $set: { seededAt: now }, $inc: { ladderVersion: 1, viewVersion: 1 } },
    );
  }
  // New records made through the API continue above the seed's fixed ids.
  await raiseCounter(models, 'seasonChallenge', 10_000);
  await raiseCounter(models, 'participant', 10_000_000);
  await raiseCounter(models, 'build', 10_000_000);
  return { seasons: LADDERS.length, participants };
}

async function seedChallenges(models: SeasonModels, seasonId: number, seasonNumber: number): Promise<ChallengeRule[]> {
  const list = [...COMMON, ...(EXTRA[seasonNumber] ?? [])].sort((a, b) => (a[1] === 6 ? 1 : 0) - (b[1] === 6 ? 1 : 0));
  const docs = list.map(([challengeName, category, type, pointValue, maxLevel, difficulties, threshold], i) => ({
    _id: seasonId * 100 + i + 1,
    seasonId,
    challengeName,
    questTag: `gdl_s${String(seasonNumber).padStart(2, '0')}_c${String(i + 1).padStart(2, '0')}`,
    difficulties,
    maxLevel,
    challengeCategoryId: category,
    challengeTypeId: type,
    scalingThreshold: type === 4 ? (threshold ?? 10) : null,
    pointValue,
    displayOrder: i + 1,
  }));
  await models.Challenge.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
  await models.Challenge.collection.insertMany(docs as never);
  return docs.map((d) => ({
    seasonChallengeId: d._id,
    challengeTypeId: d.challengeTypeId,
    pointValue: d.pointValue,
    maxLevel: d.maxLevel,
    scalingThreshold: d.scalingThreshold,
    isTiebreaker: d.challengeCategoryId === 6,
  }));
}

/**
 * Demo participants with progress, standings (computed with the same rules as the consumer) and a build
 * each. Written directly, without events: seeding is not something that happened on the ladder.
 */
export async function seedLadder(
  models: SeasonModels,
  seasonId: number,
  rules: ChallengeRule[],
  count: number,
  startsAt: Date,
  endsAt: Date,
  now: Date,
  firstIndex = 0,
): Promise<number> {
  const rand = lcg(seasonId * 7919 + firstIndex);
  const span = Math.max(Math.min(now.getTime(), endsAt.getTime()) - startsAt.getTime(), 3_600_000);
  const rows = [];
  for (let i = firstIndex; i < firstIndex + count; i += 1) {
    const username = demoName(i);
    const id = seasonId * 100_000 + i + 1;
    const joinedAt = new Date(startsAt.getTime() + Math.floor(rand() * span * 0.2));
    const challenges = rules
      .filter(() => rand() < 0.55)
      .map((r) => ({
        seasonChallengeId: r.seasonChallengeId,
        quantity: r.challengeTypeId === 4 ? 1 + Math.floor(rand() * ((r.scalingThreshold ?? 1) + 5)) : 1,
        level: 10 + Math.floor(rand() * 91),
        completedAt: new Date(joinedAt.getTime() + Math.floor(rand() * span * 0.8)),
      }));
    const sum = summarisePoints(rules, challenges, joinedAt);
    rows.push({
      id,
      username,
      joinedAt,
      challenges,
      sum,
      buildClass: BUILD_CLASSES[Math.floor(rand() * BUILD_CLASSES.length)]!,
    });
  }
  const ranked = new Map(
    rankLadder(rows.map((r) => ({ seasonParticipantId: r.id, ...r.sum }))).map((r) => [r.seasonParticipantId, r.rank]),
  );
  // Plain inserts (an upsert costs FerretDB ~60 ms each): clear whatever a crashed earlier run left
  // under these fixed ids, then insert in batches.
  const ids = rows.map((r) => r.id);
  for (const model of [models.Participant, models.Standing, models.Build]) {
    await model.collection.deleteMany({ _id: { $in: ids } } as never);
  }
  const chunk = 1000;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    // Builds and standings first, the participant last: a consumer replaying participant events (a new
    // consumer group reads its topics from the beginning) projects a participant only once it exists, and
    // then finds its builds and standing already there, instead of writing an empty classes-played list
    // over the standing, or inserting the standing the next line would then collide with.
    await models.Build.collection.insertMany(
      part.map((r) => ({
        _id: r.id,
        seasonParticipantId: r.id,
        seasonId,
        buildClass: r.buildClass,
        buildUrl: 'https://www.grimtools.com/calc/',
        buildDescription: `${r.username}'s ${r.buildClass}`,
        createdOn: r.joinedAt,
        modifiedOn: r.joinedAt,
      })) as never,
    );
    await models.Standing.collection.insertMany(
      part.map((r) => ({
        _id: r.id,
        seasonId,
        username: r.username,
        usernameKey: r.username.toLowerCase(),
        ...r.sum,
        // Announced as if the ladder had always been so: seeding is not an event on the ladder.
        publishedRank: ranked.get(r.id)!,
        publishedPoints: r.sum.points,
        twitchUrl: null,
        youtubeUrl: null,
        classesPlayed: [r.buildClass],
        outbox: [],
      })) as never,
    );
    await models.Participant.collection.insertMany(
      part.map((r) => ({
        _id: r.id,
        seasonId,
        userId: `demo-${r.username.toLowerCase()}`,
        username: r.username,
        usernameKey: r.username.toLowerCase(),
        joinedAt: r.joinedAt,
        rev: 0,
        challenges: r.challenges,
        outbox: [],
      })) as never,
    );
  }
  return rows.length;
}

/**
 * For the benchmark: fills one seeded ladder up to `total` demo participants (after seedDemo), using the
 * season's stored challenges. Not idempotent beyond the fixed ids; meant for a throwaway database.
 */
export async function fillLadder(conn: Connection, seasonId: number, total: number, now = new Date()): Promise<number> {
  const models = seasonModels(conn);
  const season = await models.Season.findById(seasonId).lean<{ startsAt: Date; endsAt: Date }>();
  if (!season) throw new Error(`season ${seasonId} is not seeded`);
  const have = await models.Participant.countDocuments({ seasonId });
  if (have >= total) return 0;
  const challenges = await models.Challenge.find({ seasonId }).lean<
    Array<{
      _id: number;
      challengeTypeId: number;
      pointValue: number;
      maxLevel: number;
      scalingThreshold: number | null;
      challengeCategoryId: number;
    }>
  >();
  const rules = challenges.map((c) => ({
    seasonChallengeId: c._id,
    challengeTypeId: c.challengeTypeId,
    pointValue: c.pointValue,
    maxLevel: c.maxLevel,
    scalingThreshold: c.scalingThreshold,
    isTiebreaker: c.challengeCategoryId === 6,
  }));
  const added = await seedLadder(models, seasonId, rules, total - have, season.startsAt, season.endsAt, now, have);
  await models.Season.updateOne({ _id: seasonId }, { $inc: { ladderVersion: 1, viewVersion: 1 } });
  return added;
}
