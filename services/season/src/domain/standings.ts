import { standingChangedV1, type EventData, type participantJoinedV1 } from '@league/contracts';
import { applyOnce, outboxEntry } from '@league/platform';
import type { CategoryDoc, ChallengeDoc, ParticipantDoc, StandingDoc } from '../data/models';
import { usernameKey, type SeasonContext } from './context';
import { summarisePoints, type ChallengeRule } from './points';
import { rankLadder } from './ranking';
import { bumpLadder, TIEBREAKERS } from './seasons';

async function challengeRules(ctx: SeasonContext, seasonId: number): Promise<ChallengeRule[]> {
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

/** Recomputes participants' totals from their recorded progress (deterministic, so a redelivery is harmless). */
async function recompute(ctx: SeasonContext, seasonId: number, participants: ParticipantDoc[]) {
  if (!participants.length) return;
  const rules = await challengeRules(ctx, seasonId);
  const keys = participants.map((p) => usernameKey(p.username));
  const [socials, builds] = await Promise.all([
    ctx.models.Social.find({ _id: { $in: keys } }, { twitchUrl: 1, youtubeUrl: 1 }).lean<
      Array<{ _id: string; twitchUrl: string | null; youtubeUrl: string | null }>
    >(),
    ctx.models.Build.find({ seasonParticipantId: { $in: participants.map((p) => p._id) } }, { seasonParticipantId: 1, buildClass: 1 })
      .sort({ _id: 1 })
      .lean<Array<{ seasonParticipantId: number; buildClass: string }>>(),
  ]);
  const socialByKey = new Map(socials.map((s) => [s._id, s]));
  const classes = new Map<number, Set<string>>();
  for (const b of builds) classes.set(b.seasonParticipantId, (classes.get(b.seasonParticipantId) ?? new Set()).add(b.buildClass));
  const ops = participants.map((p) => {
    const key = usernameKey(p.username);
    const social = socialByKey.get(key);
    return {
      updateOne: {
        filter: { _id: p._id },
        update: {
          $set: {
            ...summarisePoints(rules, p.challenges, p.joinedAt),
            seasonId,
            username: p.username,
            usernameKey: key,
            twitchUrl: social?.twitchUrl ?? null,
            youtubeUrl: social?.youtubeUrl ?? null,
            classesPlayed: [...(classes.get(p._id) ?? [])],
          },
          $setOnInsert: { rank: null, publishedPoints: null, outbox: [] },
        },
        upsert: true,
      },
    };
  });
  await ctx.models.Standing.collection.bulkWrite(ops as never, { ordered: false });
}

/**
 * Re-ranks a whole ladder from the read model and writes only the rows that moved. Each moved row (rank,
 * or points since the last announcement) gets its season.standing-changed.v1 in the same single-row write.
 */
export async function rerank(ctx: SeasonContext, seasonId: number): Promise<number> {
  const rows = await ctx.models.Standing.find(
    { seasonId },
    { points: 1, tiebreakerPoints: 1, reachedAt: 1, rank: 1, publishedPoints: 1, username: 1 },
  ).lean<StandingDoc[]>();
  const ranked = rankLadder(rows.map((r) => ({ ...r, seasonParticipantId: r._id })));
  const previous = new Map(rows.map((r) => [r._id, r]));
  const writes = ranked.flatMap((r) => {
    const before = previous.get(r._id)!;
    if (before.rank === r.rank && before.publishedPoints === r.points) return [];
    const event = outboxEntry(
      standingChangedV1,
      {
        seasonParticipantId: r._id,
        seasonId,
        username: r.username,
        rank: r.rank,
        previousRank: before.rank,
        pointTotal: r.points,
      },
      String(r._id),
    );
    return [
      {
        updateOne: {
          filter: { _id: r._id },
          update: { $set: { rank: r.rank, publishedPoints: r.points }, $push: { outbox: event } },
        },
      },
    ];
  });
  if (writes.length) {
    await ctx.models.Standing.collection.bulkWrite(writes as never, { ordered: false });
    await bumpLadder(ctx, [seasonId]);
    ctx.publishSoon();
  }
  return writes.length;
}

/** Consumer of season.participant-joined.v1: the newcomer gets a row (0 points) and a rank. */
export async function onParticipantJoined(ctx: SeasonContext, data: EventData<typeof participantJoinedV1>) {
  const p = await ctx.models.Participant.findById(data.seasonParticipantId, { outbox: 0 }).lean<ParticipantDoc>();
  if (!p) return; // not ours (another database on the same topic) or gone
  await recompute(ctx, p.seasonId, [p]);
  await rerank(ctx, p.seasonId);
}

/** Consumer of season.challenge-completed.v1: recompute that participant from its stored progress, re-rank. */
export async function onChallengeCompleted(ctx: SeasonContext, data: { seasonParticipantId: number }) {
  const p = await ctx.models.Participant.findById(data.seasonParticipantId, { outbox: 0 }).lean<ParticipantDoc>();
  if (!p) return;
  await recompute(ctx, p.seasonId, [p]);
  await rerank(ctx, p.seasonId);
}

/** After an admin changes a season's challenges, every total may change: recompute the ladder. */
export async function recomputeSeason(ctx: SeasonContext, seasonId: number) {
  const participants = await ctx.models.Participant.find({ seasonId }, { outbox: 0 }).lean<ParticipantDoc[]>();
  for (let i = 0; i < participants.length; i += 500) await recompute(ctx, seasonId, participants.slice(i, i + 500));
  await rerank(ctx, seasonId);
}

/**
 * Consumer of account.socials-updated.v1. The socials row is guarded by the event id (a redelivery does
 * nothing) and by the event time (an older update never overwrites a newer one); the ladder rows are then
 * set from the row's current values, which is safe to repeat after a crash.
 */
export async function onSocialsUpdated(
  ctx: SeasonContext,
  event: { id: string; occurredAt: string; data: { username: string; twitchUrl: string | null; youtubeUrl: string | null } },
) {
  const key = usernameKey(event.data.username);
  const occurredAt = new Date(event.occurredAt);
  await ctx.models.Social.collection.updateOne(
    { _id: key } as never,
    { $setOnInsert: { username: event.data.username, twitchUrl: null, youtubeUrl: null, updatedAt: new Date(0), appliedEvents: [] } },
    { upsert: true },
  );
  await applyOnce(ctx.models.Social, { _id: key, updatedAt: { $lte: occurredAt } }, event.id, {
    $set: {
      username: event.data.username,
      twitchUrl: event.data.twitchUrl || null,
      youtubeUrl: event.data.youtubeUrl || null,
      updatedAt: occurredAt,
    },
  });
  const social = await ctx.models.Social.findById(key).lean<{ twitchUrl: string | null; youtubeUrl: string | null }>();
  if (!social) return;
  const rows = await ctx.models.Standing.find({ usernameKey: key }, { seasonId: 1, twitchUrl: 1, youtubeUrl: 1 }).lean<
    StandingDoc[]
  >();
  const stale = rows.filter((r) => r.twitchUrl !== social.twitchUrl || r.youtubeUrl !== social.youtubeUrl);
  if (!stale.length) return;
  await ctx.models.Standing.updateMany(
    { usernameKey: key },
    { $set: { twitchUrl: social.twitchUrl, youtubeUrl: social.youtubeUrl } },
  );
  await bumpLadder(ctx, [...new Set(stale.map((r) => r.seasonId))]);
}

/** Classes played on the leaderboard: the distinct classes of the participant's builds. */
export async function refreshClassesPlayed(ctx: SeasonContext, participantId: number, seasonId: number) {
  const builds = await ctx.models.Build.find({ seasonParticipantId: participantId }, { buildClass: 1 })
    .sort({ _id: 1 })
    .lean<Array<{ buildClass: string }>>();
  const classes = [...new Set(builds.map((b) => b.buildClass))];
  await ctx.models.Standing.updateOne({ _id: participantId }, { $set: { classesPlayed: classes } });
  await bumpLadder(ctx, [seasonId]);
}
