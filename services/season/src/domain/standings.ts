import { standingChangedV1 } from '@league/contracts';
import { applyOnce, isDuplicateKey, outboxEntry } from '@league/platform';
import type { CategoryDoc, ChallengeDoc, ParticipantDoc, StandingDoc } from '../data/models';
import { underLock, usernameKey, type SeasonContext } from './context';
import { summarisePoints, type ChallengeRule } from './points';
import { bumpLadder, seasonDoc, TIEBREAKERS } from './seasons';

export async function challengeRules(ctx: SeasonContext, seasonId: number): Promise<ChallengeRule[]> {
  const [challenges, tiebreakers] = await Promise.all([
    ctx.models.Challenge.find({ seasonId }).lean<ChallengeDoc[]>(),
    ctx.models.Category.find({ categoryName: TIEBREAKERS }).lean<CategoryDoc[]>(),
  ]);
  const tiebreakerIds = new Set(tiebreakers.map((c) => c._id));
  return challenges.map((c) => ({
    seasonChallengeId: c._id,
    challengeTypeId: c.challengeTypeId,
    pointValue: c.pointValue,
    maxLevel: c.maxLevel,
    scalingThreshold: c.scalingThreshold,
    isTiebreaker: tiebreakerIds.has(c.challengeCategoryId),
  }));
}

/**
 * Projects one participant into the standings read model: totals recomputed from its stored progress
 * (deterministic, so a redelivered event changes nothing), its rank placed in the season's rank index
 * (data/rank-index.ts), and, when its rank or total differs from the last announcement,
 * season.standing-changed.v1 written into the standing row's own
 * outbox in the same update that records the announcement. Events live with the aggregate they are keyed
 * by (the participant), so projections of different participants never wait on one season-wide lock; the
 * ladder's version is bumped first, so a reader told of the change finds the new ladder. A crash before
 * the event is written leaves the announcement unrecorded, and the next projection makes it again.
 */
export async function projectParticipant(ctx: SeasonContext, p: ParticipantDoc, rules?: ChallengeRule[]) {
  const key = usernameKey(p.username);
  const [ruleList, social, builds] = await Promise.all([
    rules ?? challengeRules(ctx, p.seasonId),
    ctx.models.Social.findById(key, { twitchUrl: 1, youtubeUrl: 1 }).lean<{
      twitchUrl: string | null;
      youtubeUrl: string | null;
    }>(),
    ctx.models.Build.find({ seasonParticipantId: p._id }, { buildClass: 1 })
      .sort({ _id: 1 })
      .lean<Array<{ buildClass: string }>>(),
  ]);
  const sum = summarisePoints(ruleList, p.challenges, p.joinedAt);
  const row = {
    seasonId: p.seasonId,
    username: p.username,
    usernameKey: key,
    ...sum,
    twitchUrl: social?.twitchUrl ?? null,
    youtubeUrl: social?.youtubeUrl ?? null,
    classesPlayed: [...new Set(builds.map((b) => b.buildClass))],
  };
  // The standing row carries an outbox the relay drains: every write of it holds the row's lock.
  const { rank, announced } = await underLock(ctx, 'standings', p._id, async () => {
    const before = await ctx.models.Standing.findById(p._id, { outbox: 0 }).lean<StandingDoc>();
    let changed: boolean;
    if (before) {
      changed = (await ctx.models.Standing.updateOne({ _id: p._id }, { $set: row })).modifiedCount > 0;
    } else {
      try {
        await ctx.models.Standing.collection.insertOne({
          _id: p._id,
          ...row,
          publishedRank: null,
          publishedPoints: null,
          outbox: [],
        } as never);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await ctx.models.Standing.updateOne({ _id: p._id }, { $set: row });
      }
      changed = true;
    }
    const rank = await ctx.ranks.place(p.seasonId, (await seasonDoc(ctx, p.seasonId))?.ladderVersion ?? 0, {
      _id: p._id,
      ...sum,
    });
    const publishedRank = before?.publishedRank ?? null;
    const publishedPoints = before?.publishedPoints ?? null;
    const announce = rank !== publishedRank || sum.points !== publishedPoints;
    if (announce || changed) await bumpLadder(ctx, [p.seasonId]);
    if (announce) {
      const event = outboxEntry(
        standingChangedV1,
        {
          seasonParticipantId: p._id,
          seasonId: p.seasonId,
          username: p.username,
          rank,
          previousRank: publishedRank,
          pointTotal: sum.points,
        },
        String(p._id),
      );
      await ctx.models.Standing.collection.updateOne(
        { _id: p._id } as never,
        { $set: { publishedRank: rank, publishedPoints: sum.points }, $push: { outbox: event } } as never,
      );
    }
    return { rank, announced: announce };
  });
  if (announced) ctx.publishSoon({ model: ctx.models.Standing, id: p._id });
  return { rank, pointTotal: sum.points };
}

/** Consumer of season.participant-joined.v1 and season.challenge-completed.v1. */
export async function onParticipantEvent(ctx: SeasonContext, data: { seasonParticipantId: number }) {
  // The participant is read and projected under one lock: the write's own projection (a join, a quest token)
  // and the consumer's may run at once, and a projection of an older read must not land after a newer one.
  await underLock(ctx, 'standingProjections', data.seasonParticipantId, async () => {
    const p = await ctx.models.Participant.findById(data.seasonParticipantId, { outbox: 0 }).lean<ParticipantDoc>();
    if (!p) return; // not in this database (another deployment on the same topic) or gone
    await projectParticipant(ctx, p);
  });
}

/**
 * After an admin changes a season's challenges every total may change: project each participant again.
 * O(participants) writes; fine for an admin action, and only rows whose numbers moved are announced.
 */
export async function recomputeSeason(ctx: SeasonContext, seasonId: number) {
  const rules = await challengeRules(ctx, seasonId);
  const participants = await ctx.models.Participant.find({ seasonId }, { outbox: 0 }).lean<ParticipantDoc[]>();
  for (const p of participants) await projectParticipant(ctx, p, rules);
}

/**
 * Consumer of account.socials-updated.v1. The socials row is guarded by the event id (a redelivery does
 * nothing) and by the event time (an older update never overwrites a newer one); the ladder rows are then
 * set from the row's current values, which is safe to repeat after a crash.
 */
export async function onSocialsUpdated(
  ctx: SeasonContext,
  event: {
    id: string;
    occurredAt: string;
    data: { username: string; twitchUrl: string | null; youtubeUrl: string | null };
  },
) {
  const key = usernameKey(event.data.username);
  const occurredAt = new Date(event.occurredAt);
  const exists = await ctx.models.Social.exists({ _id: key });
  if (!exists) {
    await ctx.models.Social.collection
      .insertOne({
        _id: key,
        username: event.data.username,
        twitchUrl: null,
        youtubeUrl: null,
        updatedAt: new Date(0),
        appliedEvents: [],
      } as never)
      .catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
  }
  await applyOnce(
    ctx.models.Social,
    { _id: key, updatedAt: { $lte: occurredAt } },
    event.id,
    {
      $set: {
        username: event.data.username,
        twitchUrl: event.data.twitchUrl || null,
        youtubeUrl: event.data.youtubeUrl || null,
        updatedAt: occurredAt,
      },
    },
    { locks: ctx.locks },
  );
  const social = await ctx.models.Social.findById(key).lean<{ twitchUrl: string | null; youtubeUrl: string | null }>();
  if (!social) return;
  const rows = await ctx.models.Standing.find({ usernameKey: key }, { seasonId: 1, twitchUrl: 1, youtubeUrl: 1 }).lean<
    StandingDoc[]
  >();
  const stale = rows.filter((r) => r.twitchUrl !== social.twitchUrl || r.youtubeUrl !== social.youtubeUrl);
  for (const r of stale) {
    await underLock(ctx, 'standings', r._id, () =>
      ctx.models.Standing.updateOne(
        { _id: r._id },
        { $set: { twitchUrl: social.twitchUrl, youtubeUrl: social.youtubeUrl } },
      ),
    );
  }
  await bumpLadder(ctx, [...new Set(stale.map((r) => r.seasonId))]);
}

/**
 * Classes played on the leaderboard: the distinct classes of the participant's builds. Read and written
 * under the row's lock, so two build saves at once cannot leave the older list behind.
 */
export async function refreshClassesPlayed(ctx: SeasonContext, participantId: number, seasonId: number) {
  const res = await underLock(ctx, 'standings', participantId, async () => {
    const builds = await ctx.models.Build.find({ seasonParticipantId: participantId }, { buildClass: 1 })
      .sort({ _id: 1 })
      .lean<Array<{ buildClass: string }>>();
    const classes = [...new Set(builds.map((b) => b.buildClass))];
    return ctx.models.Standing.updateOne({ _id: participantId }, { $set: { classesPlayed: classes } });
  });
  if (res.modifiedCount) await bumpLadder(ctx, [seasonId]);
}
