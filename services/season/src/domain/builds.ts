import type { SaveBuild, SaveScreenshot } from '@league/contracts';
import { AppError, type AuthUser } from '@league/platform';
import { nextId, type BuildDoc, type ParticipantDoc, type ScreenshotDoc } from '../data/models';
import { underLock, usernameKey, type SeasonContext } from './context';
import { findParticipant } from './participants';
import { assertParticipantVisible, assertSeasonVisible, findSeason } from './seasons';
import { refreshClassesPlayed } from './standings';

const MAX_BUILDS = 50;
const MAX_SCREENSHOTS = 100;
/** A player saving many at once queues on the count check; they wait longer than the default before a 409. */
const CREATE_WAIT = { waitMs: 15_000 };

export function buildDto(b: BuildDoc, username?: string) {
  return {
    participantCharacterBuildId: b._id,
    seasonParticipantId: b.seasonParticipantId,
    buildClass: b.buildClass,
    buildUrl: b.buildUrl,
    buildDescription: b.buildDescription,
    createdOn: b.createdOn.toISOString(),
    modifiedOn: b.modifiedOn.toISOString(),
    ...(username === undefined ? {} : { username }),
  };
}

export function screenshotDto(s: ScreenshotDoc) {
  return {
    participantScreenshotId: s._id,
    seasonParticipantId: s.seasonParticipantId,
    screenshotUrl: s.screenshotUrl,
    createdOn: s.createdOn.toISOString(),
  };
}

/**
 * Only the participant themself writes: the token's username must be the participant's. Someone else's beta
 * participant does not exist for a player (404, not a 403 naming its owner).
 */
async function assertOwner(ctx: SeasonContext, p: ParticipantDoc, user: AuthUser, what: string) {
  if (p.usernameKey === usernameKey(user.username)) return;
  await assertParticipantVisible(ctx, p._id, user);
  throw AppError.forbidden(`Only ${p.username} may change these ${what}`);
}

export async function participantBuilds(ctx: SeasonContext, participantId: number) {
  await findParticipant(ctx, participantId);
  const builds = await ctx.models.Build.find({ seasonParticipantId: participantId })
    .sort({ _id: 1 })
    .lean<BuildDoc[]>();
  return builds.map((b) => buildDto(b));
}

export async function seasonBuilds(ctx: SeasonContext, seasonId: number, user: AuthUser | undefined) {
  const season = await findSeason(ctx, seasonId);
  assertSeasonVisible(season, user);
  const builds = await ctx.models.Build.find({ seasonId }).sort({ _id: 1 }).lean<BuildDoc[]>();
  const names = await ctx.models.Participant.find(
    { _id: { $in: [...new Set(builds.map((b) => b.seasonParticipantId))] } },
    { username: 1 },
  ).lean<Array<{ _id: number; username: string }>>();
  const byId = new Map(names.map((n) => [n._id, n.username]));
  return builds.map((b) => buildDto(b, byId.get(b.seasonParticipantId) ?? ''));
}

/** Creates (id 0) or updates the caller's build. */
export async function saveBuild(ctx: SeasonContext, user: AuthUser, input: SaveBuild) {
  const participant = await findParticipant(ctx, input.seasonParticipantId);
  await assertOwner(ctx, participant, user, 'builds');
  const now = ctx.now();
  const fields = {
    buildClass: input.buildClass,
    buildUrl: input.buildUrl,
    buildDescription: input.buildDescription?.trim() || null,
    modifiedOn: now,
  };
  let saved: BuildDoc | null;
  if (input.participantCharacterBuildId === 0) {
    // The limit is a read-check-write over the participant's builds: count and insert under one lock.
    saved = await underLock(
      ctx,
      'participant-builds',
      participant._id,
      async () => {
        const count = await ctx.models.Build.countDocuments({ seasonParticipantId: participant._id });
        if (count >= MAX_BUILDS) throw AppError.unprocessable(`A participant keeps at most ${MAX_BUILDS} builds`);
        const doc = {
          _id: await nextId(ctx.models, 'build', ctx),
          seasonParticipantId: participant._id,
          seasonId: participant.seasonId,
          createdOn: now,
          ...fields,
        };
        await ctx.models.Build.collection.insertOne(doc as never);
        return doc;
      },
      CREATE_WAIT,
    );
  } else {
    const existing = await ctx.models.Build.findById(input.participantCharacterBuildId).lean<BuildDoc>();
    if (!existing) throw AppError.notFound(`Build ${input.participantCharacterBuildId} does not exist`);
    if (existing.seasonParticipantId !== participant._id) {
      // Moving a build to another participant is never allowed; say whose it is only to its owner.
      const owner = await findParticipant(ctx, existing.seasonParticipantId);
      await assertOwner(ctx, owner, user, 'builds');
      throw AppError.badRequest('A build cannot move to another participant');
    }
    saved = await ctx.models.Build.findOneAndUpdate(
      { _id: existing._id },
      { $set: fields },
      { new: true },
    ).lean<BuildDoc>();
    if (!saved) throw AppError.notFound(`Build ${input.participantCharacterBuildId} does not exist`);
  }
  await refreshClassesPlayed(ctx, participant._id, participant.seasonId);
  return buildDto(saved);
}

export async function deleteBuild(ctx: SeasonContext, user: AuthUser, buildId: number) {
  const build = await ctx.models.Build.findById(buildId).lean<BuildDoc>();
  if (!build) throw AppError.notFound(`Build ${buildId} does not exist`);
  const participant = await findParticipant(ctx, build.seasonParticipantId);
  await assertOwner(ctx, participant, user, 'builds');
  await ctx.models.Build.deleteOne({ _id: buildId });
  await refreshClassesPlayed(ctx, participant._id, participant.seasonId);
  return { participantCharacterBuildId: buildId };
}

export async function participantScreenshots(ctx: SeasonContext, participantId: number) {
  await findParticipant(ctx, participantId);
  const shots = await ctx.models.Screenshot.find({ seasonParticipantId: participantId })
    .sort({ _id: 1 })
    .lean<ScreenshotDoc[]>();
  return shots.map(screenshotDto);
}

export async function saveScreenshot(ctx: SeasonContext, user: AuthUser, input: SaveScreenshot) {
  const participant = await findParticipant(ctx, input.seasonParticipantId);
  await assertOwner(ctx, participant, user, 'screenshots');
  if (input.participantScreenshotId === 0) {
    const doc = await underLock(
      ctx,
      'participant-screenshots',
      participant._id,
      async () => {
        const count = await ctx.models.Screenshot.countDocuments({ seasonParticipantId: participant._id });
        if (count >= MAX_SCREENSHOTS)
          throw AppError.unprocessable(`A participant keeps at most ${MAX_SCREENSHOTS} screenshots`);
        const shot = {
          _id: await nextId(ctx.models, 'screenshot', ctx),
          seasonParticipantId: participant._id,
          seasonId: participant.seasonId,
          screenshotUrl: input.screenshotUrl,
          createdOn: ctx.now(),
        };
        await ctx.models.Screenshot.collection.insertOne(shot as never);
        return shot;
      },
      CREATE_WAIT,
    );
    return screenshotDto(doc);
  }
  const existing = await ctx.models.Screenshot.findById(input.participantScreenshotId).lean<ScreenshotDoc>();
  if (!existing) throw AppError.notFound(`Screenshot ${input.participantScreenshotId} does not exist`);
  if (existing.seasonParticipantId !== participant._id) {
    const owner = await findParticipant(ctx, existing.seasonParticipantId);
    await assertOwner(ctx, owner, user, 'screenshots');
    throw AppError.badRequest('A screenshot cannot move to another participant');
  }
  const saved = await ctx.models.Screenshot.findOneAndUpdate(
    { _id: existing._id },
    { $set: { screenshotUrl: input.screenshotUrl } },
    { new: true },
  ).lean<ScreenshotDoc>();
  if (!saved) throw AppError.notFound(`Screenshot ${input.participantScreenshotId} does not exist`);
  return screenshotDto(saved);
}

export async function deleteScreenshot(ctx: SeasonContext, user: AuthUser, screenshotId: number) {
  const shot = await ctx.models.Screenshot.findById(screenshotId).lean<ScreenshotDoc>();
  if (!shot) throw AppError.notFound(`Screenshot ${screenshotId} does not exist`);
  await assertOwner(ctx, await findParticipant(ctx, shot.seasonParticipantId), user, 'screenshots');
  await ctx.models.Screenshot.deleteOne({ _id: screenshotId });
  return { participantScreenshotId: screenshotId };
}
