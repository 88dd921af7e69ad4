import { AppError, type AuthUser } from '@league/platform';
import type { CategoryDoc, ChallengeDoc, SeasonDoc } from '../data/models';
import type { Branch, SeasonContext } from './context';
import type { ParticipantRow } from './season-views';

export const TIEBREAKERS = 'Tiebreakers';

export function seasonStatus(season: Pick<SeasonDoc, 'startsAt' | 'endsAt'>, now: Date) {
  if (now < season.startsAt) return 'upcoming' as const;
  if (now >= season.endsAt) return 'ended' as const;
  return 'running' as const;
}

export function challengeDto(c: ChallengeDoc, categories: Map<number, string>) {
  return {
    seasonChallengeId: c._id,
    seasonId: c.seasonId,
    challengeName: c.challengeName,
    questTag: c.questTag,
    difficulties: c.difficulties,
    maxLevel: c.maxLevel,
    challengeCategoryId: c.challengeCategoryId,
    categoryName: categories.get(c.challengeCategoryId) ?? '',
    challengeTypeId: c.challengeTypeId,
    scalingThreshold: c.scalingThreshold,
    pointValue: c.pointValue,
    displayOrder: c.displayOrder,
  };
}
export type ChallengeDto = ReturnType<typeof challengeDto>;

/** The categories a season's challenges use, in first-seen display order, Tiebreakers last. */
export function deriveCategories(challenges: ChallengeDto[]) {
  const seen = new Map<number, string>();
  for (const c of challenges) if (!seen.has(c.challengeCategoryId)) seen.set(c.challengeCategoryId, c.categoryName);
  const list = [...seen].map(([challengeCategoryId, categoryName]) => ({ challengeCategoryId, categoryName }));
  return [...list.filter((c) => c.categoryName !== TIEBREAKERS), ...list.filter((c) => c.categoryName === TIEBREAKERS)];
}

export function seasonDto(s: SeasonDoc, now: Date) {
  return {
    seasonId: s._id,
    displayName: s.displayName,
    isBeta: s.isBeta,
    seasonTypeId: s.seasonTypeId,
    seasonNumber: s.seasonNumber,
    modName: s.modName,
    participationTag: s.participationTag,
    startDate: s.startsAt.toISOString(),
    endDate: s.endsAt.toISOString(),
    status: seasonStatus(s, now),
  };
}

export async function categoryNames(ctx: SeasonContext): Promise<Map<number, string>> {
  const cats = await ctx.models.Category.find().lean<CategoryDoc[]>();
  return new Map(cats.map((c) => [c._id, c.categoryName]));
}

export async function seasonChallenges(ctx: SeasonContext, seasonId: number): Promise<ChallengeDto[]> {
  const [challenges, names] = await Promise.all([
    ctx.models.Challenge.find({ seasonId }).sort({ displayOrder: 1, _id: 1 }).lean<ChallengeDoc[]>(),
    categoryNames(ctx),
  ]);
  return challenges.map((c) => challengeDto(c, names));
}

/** Every season document, as of a write that finished before this call (season-directory.ts). */
export async function seasonDocs(ctx: SeasonContext): Promise<readonly SeasonDoc[]> {
  return ctx.seasons ? ctx.seasons.all() : ctx.models.Season.find({}, { outbox: 0 }).lean<SeasonDoc[]>();
}

/** One season document, or undefined (through the directory when the context has one). */
export async function seasonDoc(ctx: SeasonContext, seasonId: number): Promise<SeasonDoc | undefined> {
  const held = await ctx.seasons?.byId(seasonId);
  return held ?? (await ctx.models.Season.findById(seasonId, { outbox: 0 }).lean<SeasonDoc>()) ?? undefined;
}

export async function findSeason(ctx: SeasonContext, seasonId: number): Promise<SeasonDoc> {
  const season = await seasonDoc(ctx, seasonId);
  if (!season) throw AppError.notFound(`Season ${seasonId} does not exist`);
  return season;
}

/** A beta season is visible only to testers and admins. */
export function assertSeasonVisible(season: SeasonDoc, user: AuthUser | undefined) {
  if (season.isBeta && !(user?.roles.includes('tester') || user?.roles.includes('admin'))) {
    throw AppError.notFound(`Season ${season._id} does not exist`);
  }
}

/**
 * A participant of a beta season is visible only to testers and admins: to anyone else it does not exist
 * (404, the same answer as an unknown id, so beta participants cannot be enumerated). Unknown ids pass
 * through to the caller's own 404.
 */
export async function assertParticipantVisible(ctx: SeasonContext, participantId: number, user: AuthUser | undefined) {
  if (user?.roles.includes('tester') || user?.roles.includes('admin')) return;
  const participant = await ctx.models.Participant.findById(participantId, { seasonId: 1 }).lean<{
    seasonId: number;
  }>();
  if (!participant) return;
  const season = await seasonDoc(ctx, participant.seasonId);
  if (season?.isBeta) throw AppError.notFound(`Participant ${participantId} does not exist`);
}

interface Include {
  challenges?: boolean;
  participants?: boolean;
}

async function readParticipants(ctx: SeasonContext, seasonId: number): Promise<ParticipantRow[]> {
  const participants = await ctx.models.Participant.find({ seasonId }, { username: 1, joinedAt: 1 })
    .sort({ _id: 1 })
    .lean<Array<{ _id: number; username: string; joinedAt: Date }>>();
  return participants.map((p) => ({
    seasonParticipantId: p._id,
    seasonId,
    username: p.username,
    joinedOn: p.joinedAt.toISOString(),
  }));
}

/**
 * The version a season cache (the leaderboard, the public views) keys what it holds by: the season document's
 * stored version, raised by the seeds, with the season's token of that cache (data/change-tokens.ts), which the
 * frequent writers replace.
 */
export async function seasonCacheVersion(ctx: SeasonContext, season: SeasonDoc, cache: 'ladder' | 'view') {
  const stored = cache === 'ladder' ? season.ladderVersion : (season.viewVersion ?? 0);
  const token = (await ctx.tokens?.[cache](season._id).current()) ?? '';
  return `${stored}:${token}`;
}

/** Through the view cache when the context has one. */
async function viewPart<T>(
  ctx: SeasonContext,
  season: SeasonDoc,
  part: 'challenges' | 'participants',
  load: () => Promise<T>,
) {
  if (!ctx.views) return load();
  return ctx.views.get(season._id, await seasonCacheVersion(ctx, season, 'view'), part, load);
}

async function withExtras(ctx: SeasonContext, seasons: readonly SeasonDoc[], include: Include) {
  const now = ctx.now();
  return Promise.all(
    seasons.map(async (s) => {
      const base = seasonDto(s, now);
      const extra: Record<string, unknown> = {};
      if (include.challenges) {
        const challenges = await viewPart(ctx, s, 'challenges', () => seasonChallenges(ctx, s._id));
        extra.seasonChallenges = challenges;
        extra.challengeCategories = deriveCategories(challenges);
      }
      if (include.participants) {
        extra.seasonParticipants = await viewPart(ctx, s, 'participants', () => readParticipants(ctx, s._id));
      }
      return { ...base, ...extra };
    }),
  );
}

/** The ladders of the newest season on a branch (Season 7: SC Trade and HC SSF). */
export async function latestSeasons(ctx: SeasonContext, branch: Branch, include: Include) {
  const all = (await seasonDocs(ctx)).filter((s) => s.isBeta === (branch === 'beta'));
  if (!all.length) return [];
  const newest = Math.max(...all.map((s) => s.seasonNumber));
  const seasons = all
    .filter((s) => s.seasonNumber === newest)
    .sort((a, b) => a.seasonTypeId - b.seasonTypeId || a._id - b._id);
  return withExtras(ctx, seasons, include);
}

export async function seasonById(ctx: SeasonContext, seasonId: number, user: AuthUser | undefined) {
  const season = await findSeason(ctx, seasonId);
  assertSeasonVisible(season, user);
  const [dto] = await withExtras(ctx, [season], { challenges: true });
  return dto!;
}

/** The seasons of one mod (GrimLeagueS07, or S03–S06 for the previous seasons) on a branch, with challenges. */
export async function seasonsByMod(ctx: SeasonContext, modName: string, branch: Branch) {
  const key = modName.toLowerCase();
  const seasons = (await seasonDocs(ctx))
    .filter((s) => s.modNameKey === key && s.isBeta === (branch === 'beta'))
    .sort((a, b) => a.seasonTypeId - b.seasonTypeId || a._id - b._id);
  if (!seasons.length) throw AppError.notFound(`No season uses the mod ${modName}`);
  return withExtras(ctx, seasons, { challenges: true });
}

/**
 * Marks ladders as changed, after the standings were written: every instance's leaderboard cache sees the
 * season's new ladder token (data/change-tokens.ts), this one at once.
 */
export async function bumpLadder(ctx: SeasonContext, seasonIds: number[]) {
  for (const id of seasonIds) {
    await ctx.tokens?.ladder(id).replace();
    ctx.ladderChanged(id);
  }
}
