import { randomUUID } from 'node:crypto';
import type { TradeNotification } from '@league/contracts';
import type { AuthUser } from '@league/platform';
import { namingFor, ownParticipant, type TradeContext } from './context';
import { namedNotificationView } from './item-names';
import { notificationView } from './rules';

// A participant's trade notifications. Trade's own are written by `notify` (context.ts) under a unique key.

/** Newest first; the items they name in the reader's language where the game data knows them. */
export async function notifications(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  acceptLanguage?: string,
): Promise<TradeNotification[]> {
  const me = await ownParticipant(ctx, user, participantId);
  const naming = namingFor(ctx, me, acceptLanguage);
  const all = await ctx.store.notificationsOf(participantId);
  return all.sort((a, b) => b._id - a._id).map((n) => namedNotificationView(naming, n));
}

export async function newNotificationCount(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
): Promise<number> {
  await ownParticipant(ctx, user, participantId);
  return (await ctx.store.notificationsOf(participantId)).filter((n) => !n.acknowledgedOn).length;
}

export async function acknowledge(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  ids: number[],
): Promise<{ acknowledged: number }> {
  await ownParticipant(ctx, user, participantId);
  return { acknowledged: await ctx.store.acknowledge(participantId, [...new Set(ids)], ctx.now()) };
}

/** The client's own POST (kept for compatibility): a note to one's own participant only. */
export async function createNotification(
  ctx: TradeContext,
  user: AuthUser | undefined,
  body: {
    seasonParticipantId: number;
    offerFrom: string;
    listedItemName: string;
    offeredItems: string;
    status: TradeNotification['status'];
  },
): Promise<TradeNotification> {
  await ownParticipant(ctx, user, body.seasonParticipantId);
  const n = await ctx.store.addNotification({
    key: `client:${randomUUID()}`,
    seasonParticipantId: body.seasonParticipantId,
    offerFrom: body.offerFrom,
    status: body.status,
    listedItemName: body.listedItemName,
    offeredItems: body.offeredItems,
    createdOn: ctx.now(),
    acknowledgedOn: null,
  });
  const view = notificationView(n!);
  ctx.push.toParticipant(body.seasonParticipantId, 'notification', view);
  return view;
}
