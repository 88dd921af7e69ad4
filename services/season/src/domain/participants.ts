import { challengeCompletedV1, participantJoinedV1 } from '@league/contracts';
import { AppError, isDuplicateKey, outboxEntry, type AuthUser, type OutboxEntry } from '@league/platform';
import { nextId, type ChallengeDoc, type ParticipantDoc, type ProgressDoc } from '../data/models';
import { underLock, usernameKey, type Branch, type SeasonContext } from './context';
import { compareNames, killerName, namingFor } from './game-names';
import type { LeaderboardCache } from './leaderboard';
import { assertSeasonVisible, findSeason, seasonDocs, seasonDto, seasonStatus } from './seasons';
import { bumpSeasonView } from './season-views';
import { onParticipantEvent } from './standings';

export function participantDto(p: Pick<ParticipantDoc, '_id' | 'seasonId' | 'username' | 'joinedAt'>) {
  return {
    seasonParticipantId: p._id,
    seasonId: p.seasonId,
    username: p.username,
    joinedOn: p.joinedAt.toISOString(),
  };
}

export async function findParticipant(ctx: SeasonContext, id: number): Promise<ParticipantDoc> {
  const p = await ctx.models.Participant.findById(id, { outbox: 0 }).lean<ParticipantDoc>();
  if (!p) throw AppError.notFound(`Participant ${id} does not exist`);
  return p;
}

/**
 * Joins the caller to a season's ladder. Idempotent: a second call (or a racing one, caught by the unique
 * index on season + username) returns the participant already there.
 */
export async function joinSeason(ctx: SeasonContext, seasonId: number, user: AuthUser) {
  const season = await findSeason(ctx, seasonId);
  assertSeasonVisible(season, user);
  const key = usernameKey(user.username);
  const existing = await ctx.models.Participant.findOne(
    { seasonId, usernameKey: key },
    { outbox: 0 },
  ).lean<ParticipantDoc>();
  if (existing) return participantDto(existing);
  if (seasonStatus(season, ctx.now()) === 'ended') throw AppError.conflict(`${season.displayName} has ended`);

  const id = await nextId(ctx.models, 'participant', ctx);
  const joinedAt = ctx.now();
  const doc = {
    _id: id,
    seasonId,
    userId: user.id,
    username: user.username,
    usernameKey: key,
    joinedAt,
    rev: 0,
    challenges: [],
    // Announced with its season type (the stash start-up backfill skips it; see domain/stash/announce.ts).
    announcedWithType: true,
    outbox: [
      outboxEntry(
        participantJoinedV1,
        {
          seasonParticipantId: id,
          seasonId,
          userId: user.id,
          username: user.username,
          joinedAt: joinedAt.toISOString(),
          seasonTypeId: season.seasonTypeId,
          isBeta: season.isBeta,
        },
        String(id),
      ),
    ],
  };
  try {
    await ctx.models.Participant.collection.insertOne(doc as never);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const winner = await ctx.models.Participant.findOne({ seasonId, usernameKey: key }).lean<ParticipantDoc>();
    if (!winner) throw err;
    return participantDto(winner);
  }
  await bumpSeasonView(ctx, seasonId);
  ctx.publishSoon({ model: ctx.models.Participant, id });
  // The joiner's own ladder row before the answer (read-your-writes, README); the event projects it again.
  await projectOwnRow(ctx, id);
  return participantDto(doc);
}

/**
 * A write's own projection of the participant's standing row. The write is stored already: if projecting
 * fails (the row's lock stayed busy, the database hiccuped), it still answers 200, and the consumer of its
 * event projects the row as before.
 */
async function projectOwnRow(ctx: SeasonContext, seasonParticipantId: number) {
  await onParticipantEvent(ctx, { seasonParticipantId }).catch((err: unknown) =>
    ctx.logger.warn(
      { err, seasonParticipantId },
      "a write's own standing projection failed; its event will project it",
    ),
  );
}

/** The caller's profile: their participations on a branch, each with its season. */
export async function profile(ctx: SeasonContext, user: AuthUser, branch: Branch) {
  const participants = await ctx.models.Participant.find(
    { usernameKey: usernameKey(user.username) },
    { outbox: 0, challenges: 0 },
  )
    .sort({ _id: 1 })
    .lean<ParticipantDoc[]>();
  const joined = new Set(participants.map((p) => p.seasonId));
  const seasons = (await seasonDocs(ctx)).filter((s) => joined.has(s._id) && s.isBeta === (branch === 'beta'));
  const byId = new Map(seasons.map((s) => [s._id, s]));
  const now = ctx.now();
  return {
    username: user.username,
    // The Patreon link lives in the account service and no event carries it yet; see the README.
    isPatreonConnected: false,
    seasonParticipants: participants
      .filter((p) => byId.has(p.seasonId))
      .map((p) => ({ ...participantDto(p), season: seasonDto(byId.get(p.seasonId)!, now) })),
  };
}

/** Whose challenges to show: `?participantId=` (anyone may look), else the caller's own in that season. */
export async function resolveParticipant(
  ctx: SeasonContext,
  seasonId: number,
  participantId: number | undefined,
  user: AuthUser | undefined,
): Promise<ParticipantDoc> {
  const season = await findSeason(ctx, seasonId);
  assertSeasonVisible(season, user);
  if (participantId !== undefined) {
    const p = await findParticipant(ctx, participantId);
    if (p.seasonId !== seasonId) throw AppError.notFound(`Participant ${participantId} is not in season ${seasonId}`);
    return p;
  }
  if (!user) throw AppError.unauthorized('Log in, or name a participant with ?participantId=');
  const own = await ctx.models.Participant.findOne(
    { seasonId, usernameKey: usernameKey(user.username) },
    { outbox: 0 },
  ).lean<ParticipantDoc>();
  if (!own) throw AppError.notFound(`You have not joined season ${seasonId}`);
  return own;
}

export function progressDto(p: ParticipantDoc) {
  return p.challenges
    .filter((c) => c.quantity > 0)
    .map((c) => ({
      seasonChallengeId: c.seasonChallengeId,
      quantity: c.quantity,
      level: c.level,
      completedOn: c.completedAt.toISOString(),
    }));
}

/**
 * An admin sets quantities for some of a participant's challenges. The new progress and one
 * season.challenge-completed.v1 per changed challenge go in one guarded write (outbox + revision check),
 * so a concurrent edit gets 409 instead of being lost.
 */
export async function setParticipantChallenges(
  ctx: SeasonContext,
  seasonId: number,
  participantId: number,
  changes: Array<{ seasonChallengeId: number; quantity: number; level?: number | null }>,
) {
  await findSeason(ctx, seasonId);
  const participant = await findParticipant(ctx, participantId);
  if (participant.seasonId !== seasonId)
    throw AppError.notFound(`Participant ${participantId} is not in season ${seasonId}`);
  const known = await ctx.models.Challenge.find(
    { _id: { $in: changes.map((c) => c.seasonChallengeId) } },
    { seasonId: 1 },
  ).lean<Array<Pick<ChallengeDoc, '_id' | 'seasonId'>>>();
  const inSeason = new Set(known.filter((c) => c.seasonId === seasonId).map((c) => c._id));
  const unknown = changes.filter((c) => !inSeason.has(c.seasonChallengeId)).map((c) => c.seasonChallengeId);
  if (unknown.length) throw AppError.badRequest(`Not challenges of season ${seasonId}: ${unknown.join(', ')}`);

  const now = ctx.now();
  const progress = new Map<number, ProgressDoc>(participant.challenges.map((c) => [c.seasonChallengeId, { ...c }]));
  const events: OutboxEntry[] = [];
  for (const change of changes) {
    const before = progress.get(change.seasonChallengeId);
    const level = change.level ?? before?.level ?? null;
    if (before && before.quantity === change.quantity && before.level === level) continue;
    if (!before && change.quantity === 0) continue;
    const next = { seasonChallengeId: change.seasonChallengeId, quantity: change.quantity, level, completedAt: now };
    progress.set(change.seasonChallengeId, next);
    events.push(
      outboxEntry(
        challengeCompletedV1,
        { seasonParticipantId: participantId, seasonId, ...next, completedAt: now.toISOString() },
        String(participantId),
      ),
    );
  }
  if (events.length) {
    const res = await underLock(ctx, 'participants', participantId, () =>
      ctx.models.Participant.collection.updateOne(
        { _id: participantId, rev: participant.rev } as never,
        {
          $set: { challenges: [...progress.values()] },
          $inc: { rev: 1 },
          $push: { outbox: { $each: events } },
        } as never,
      ),
    );
    if (res.modifiedCount !== 1) throw AppError.conflict('The participant changed meanwhile; reload and try again');
    ctx.publishSoon({ model: ctx.models.Participant, id: participantId });
    // The new totals and rank on the ladder before the answer; the events project them again (idempotent).
    await projectOwnRow(ctx, participantId);
  }
  return progressDto({ ...participant, challenges: [...progress.values()] });
}

/**
 * Rank and total from the ranked ladder (cached per ladder version, never recomputed per request), of the
 * stored version: the launcher reads its standing right after a quest token, without login or a
 * read-your-writes token, and must see the points (the token's write answered after the projection).
 */
export async function standing(ctx: SeasonContext, leaderboard: LeaderboardCache, participantId: number) {
  const p = await findParticipant(ctx, participantId);
  const { found, size } = await leaderboard.standingOf(p.seasonId, participantId, true);
  if (found) return { rank: found.rank, pointTotal: found.points };
  // Joined a moment ago and the read model has not caught up: no points yet, so last on the ladder.
  return { rank: size + 1, pointTotal: 0 };
}

/**
 * The kill tracker: kills per creature, named from the game data in the reader's language (else the name
 * known when counted, else the tag). Tallies that name the same creature are one row.
 */
export async function killTracker(
  ctx: SeasonContext,
  seasonId: number,
  user: AuthUser | undefined,
  acceptLanguage?: string,
) {
  const season = await findSeason(ctx, seasonId);
  assertSeasonVisible(season, user);
  const naming = namingFor(ctx, season.isBeta, acceptLanguage);
  const rows = await ctx.models.KillTally.find({ seasonId }).lean<
    Array<{ tag?: string; killedBy: string; killedCount: number }>
  >();
  const byName = new Map<string, number>();
  for (const r of rows) {
    const name = killerName(naming, r.tag ?? r.killedBy, r.killedBy);
    byName.set(name, (byName.get(name) ?? 0) + r.killedCount);
  }
  return [...byName.entries()]
    .map(([killedBy, killedCount]) => ({ killedBy, killedCount }))
    .sort((a, b) => b.killedCount - a.killedCount || compareNames(a.killedBy, b.killedBy, naming.lang));
}
