import { participantJoinedV1 } from '@league/contracts';
import { outboxEntry } from '@league/platform';
import type { ParticipantDoc, SeasonDoc } from '../../data/models';
import { locked, type StashContext } from './context';

/** The participant document's flag: participant-joined went out with seasonTypeId and isBeta. */
export const ANNOUNCED_FIELD = 'announcedWithType';

/**
 * Trade keeps its own list of trade-season participants from season.participant-joined.v1, and older
 * participants (the seed's, and those who joined before the event carried seasonTypeId) were never
 * announced with their season type. Each one gets the event once: pushed to its outbox in the same
 * update that sets the flag, guarded by the flag being absent.
 */
export async function announceParticipants(ctx: StashContext): Promise<number> {
  const seasons = new Map(
    (await ctx.season.models.Season.find({}, { seasonTypeId: 1, isBeta: 1 }).lean<SeasonDoc[]>()).map((s) => [
      s._id,
      s,
    ]),
  );
  const unannounced = await ctx.season.models.Participant.collection
    .find({ [ANNOUNCED_FIELD]: { $exists: false } } as never, {
      projection: { _id: 1, seasonId: 1, userId: 1, username: 1, joinedAt: 1 },
    })
    .toArray();
  let announced = 0;
  for (const raw of unannounced) {
    const p = raw as unknown as ParticipantDoc;
    const season = seasons.get(p.seasonId);
    if (!season) continue;
    const entry = outboxEntry(
      participantJoinedV1,
      {
        seasonParticipantId: p._id,
        seasonId: p.seasonId,
        userId: p.userId,
        username: p.username,
        joinedAt: new Date(p.joinedAt).toISOString(),
        seasonTypeId: season.seasonTypeId,
        isBeta: season.isBeta,
      },
      String(p._id),
    );
    const res = await locked(ctx, 'participants', p._id, () =>
      ctx.season.models.Participant.collection.updateOne(
        { _id: p._id, [ANNOUNCED_FIELD]: { $exists: false } } as never,
        { $set: { [ANNOUNCED_FIELD]: true }, $push: { outbox: entry } } as never,
      ),
    );
    announced += res.modifiedCount;
  }
  if (announced) ctx.season.publishSoon();
  return announced;
}
