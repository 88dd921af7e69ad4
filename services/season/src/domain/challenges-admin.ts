import type { SaveSeasonChallenge } from '@league/contracts';
import { AppError, type AuthUser } from '@league/platform';
import { nextId, type CategoryDoc, type ChallengeDoc } from '../data/models';
import { underLock, type SeasonContext } from './context';
import { assertSeasonVisible, categoryNames, challengeDto, findSeason, seasonChallenges } from './seasons';
import { bumpSeasonView } from './season-views';
import { recomputeSeason } from './standings';

export async function listCategories(ctx: SeasonContext) {
  const cats = await ctx.models.Category.find().sort({ _id: 1 }).lean<CategoryDoc[]>();
  return cats.map((c) => ({ challengeCategoryId: c._id, categoryName: c.categoryName }));
}

/**
 * A season's challenges for its editor and for the launcher (which reads them with a player's token): a beta
 * season's list is for testers and admins, to anyone else the season does not exist.
 */
export async function adminSeasonChallenges(ctx: SeasonContext, seasonId: number, user: AuthUser | undefined) {
  assertSeasonVisible(await findSeason(ctx, seasonId), user);
  return seasonChallenges(ctx, seasonId);
}

export async function getChallenge(ctx: SeasonContext, id: number) {
  const c = await ctx.models.Challenge.findById(id).lean<ChallengeDoc>();
  if (!c) throw AppError.notFound(`Season challenge ${id} does not exist`);
  return challengeDto(c, await categoryNames(ctx));
}

/**
 * Creates (id 0) or updates a challenge. Points may change for everyone who did it, so the season's
 * standings are recomputed and re-ranked afterwards (each moved row announces itself).
 */
export async function saveChallenge(ctx: SeasonContext, input: SaveSeasonChallenge) {
  await findSeason(ctx, input.seasonId);
  const category = await ctx.models.Category.findById(input.challengeCategoryId).lean<CategoryDoc>();
  if (!category) throw AppError.badRequest(`challengeCategoryId: category ${input.challengeCategoryId} does not exist`);
  if (input.questTag) {
    const clash = await ctx.models.Challenge.findOne({
      seasonId: input.seasonId,
      questTag: input.questTag,
      _id: { $ne: input.seasonChallengeId },
    }).lean<ChallengeDoc>();
    if (clash) throw AppError.conflict(`Quest tag ${input.questTag} already belongs to '${clash.challengeName}'`);
  }
  const fields = {
    challengeName: input.challengeName,
    questTag: input.questTag ?? null,
    difficulties: input.difficulties,
    maxLevel: input.maxLevel,
    challengeCategoryId: input.challengeCategoryId,
    challengeTypeId: input.challengeTypeId,
    scalingThreshold: input.challengeTypeId === 4 ? input.scalingThreshold! : null,
    pointValue: input.pointValue,
  };
  let id = input.seasonChallengeId;
  if (id === 0) {
    // The next display order is read-check-write over the season's challenges: under the season's lock.
    id = await underLock(
      ctx,
      'season-challenges',
      input.seasonId,
      async () => {
        const last = await ctx.models.Challenge.findOne({ seasonId: input.seasonId })
          .sort({ displayOrder: -1 })
          .lean<ChallengeDoc>();
        const newId = await nextId(ctx.models, 'seasonChallenge', ctx);
        await ctx.models.Challenge.collection.insertOne({
          _id: newId,
          seasonId: input.seasonId,
          ...fields,
          displayOrder: input.displayOrder ?? (last?.displayOrder ?? 0) + 1,
        } as never);
        return newId;
      },
      { waitMs: 15_000 },
    );
  } else {
    const existing = await ctx.models.Challenge.findById(id).lean<ChallengeDoc>();
    if (!existing) throw AppError.notFound(`Season challenge ${id} does not exist`);
    if (existing.seasonId !== input.seasonId) throw AppError.badRequest('A challenge cannot move to another season');
    await ctx.models.Challenge.updateOne(
      { _id: id },
      { $set: { ...fields, ...(input.displayOrder ? { displayOrder: input.displayOrder } : {}) } },
    );
  }
  await bumpSeasonView(ctx, input.seasonId);
  // A new challenge has no progress yet (progress only names existing challenges), so no total moves; an
  // edited one may change every participant's points.
  if (input.seasonChallengeId !== 0) await recomputeSeason(ctx, input.seasonId);
  return getChallenge(ctx, id);
}

/** Applies a dragged order (1-based positions). All ids must exist and belong to one season. */
export async function setDisplayOrder(
  ctx: SeasonContext,
  order: Array<{ seasonChallengeId: number; displayOrder: number }>,
) {
  const found = await ctx.models.Challenge.find(
    { _id: { $in: order.map((o) => o.seasonChallengeId) } },
    { seasonId: 1 },
  ).lean<ChallengeDoc[]>();
  const missing = order
    .filter((o) => !found.some((f) => f._id === o.seasonChallengeId))
    .map((o) => o.seasonChallengeId);
  if (missing.length) throw AppError.notFound(`Season challenges do not exist: ${missing.join(', ')}`);
  const seasons = new Set(found.map((f) => f.seasonId));
  if (seasons.size !== 1)
    throw AppError.badRequest('All challenges in one display order must belong to the same season');
  await ctx.models.Challenge.bulkWrite(
    order.map((o) => ({
      updateOne: { filter: { _id: o.seasonChallengeId }, update: { $set: { displayOrder: o.displayOrder } } },
    })),
    { ordered: false },
  );
  await bumpSeasonView(ctx, [...seasons][0]!);
  return seasonChallenges(ctx, [...seasons][0]!);
}

export async function deleteChallenge(ctx: SeasonContext, id: number) {
  const existing = await ctx.models.Challenge.findById(id).lean<ChallengeDoc>();
  if (!existing) throw AppError.notFound(`Season challenge ${id} does not exist`);
  await ctx.models.Challenge.deleteOne({ _id: id });
  await bumpSeasonView(ctx, existing.seasonId);
  await recomputeSeason(ctx, existing.seasonId);
  return { seasonChallengeId: id };
}
