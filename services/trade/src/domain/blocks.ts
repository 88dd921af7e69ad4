import { AppError, type AuthUser } from '@league/platform';
import { ownParticipant, participantOf, type TradeContext } from './context';
import { hiddenFrom } from './beta';
import { dropOfferUnlessSettling } from './offers';

// Blocks hide listings and offers both ways (search and the offer lists read them through blockedSet).

export async function ignored(ctx: TradeContext, user: AuthUser | undefined, participantId: number) {
  await ownParticipant(ctx, user, participantId);
  const blocks = await ctx.store.blocksBy(participantId);
  return blocks.map((b) => ({ ignoredParticipantId: b.ignoredParticipantId, ignoredUsername: b.ignoredUsername }));
}

export async function ignore(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  otherId: number,
): Promise<void> {
  const me = await ownParticipant(ctx, user, participantId);
  if (otherId === participantId) throw AppError.badRequest('You cannot block yourself');
  const other = await participantOf(ctx, otherId);
  if (hiddenFrom(user, other)) throw AppError.notFound('Season participant not found');
  if (other.seasonId !== me.seasonId) throw AppError.badRequest('That player is in another season');
  await ctx.store.block({
    _id: `${participantId}:${otherId}`,
    seasonParticipantId: participantId,
    ignoredParticipantId: otherId,
    ignoredUsername: other.username,
    createdOn: ctx.now(),
  });
  // Pending offers between the two go, both ways (one being settled finishes).
  const pending = [
    ...(await ctx.store.openOffersBy(participantId)).filter((o) => o.listingOwnerId === otherId),
    ...(await ctx.store.openOffersBy(otherId)).filter((o) => o.listingOwnerId === participantId),
  ];
  for (const o of pending) await dropOfferUnlessSettling(ctx, o._id);
}

export async function unignore(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  otherId: number,
): Promise<void> {
  await ownParticipant(ctx, user, participantId);
  await ctx.store.unblock(participantId, otherId);
}
