import { randomUUID } from 'node:crypto';
import {
  settlementRequestedV1,
  type EventData,
  type settlementCompletedV1,
  type settlementFailedV1,
} from '@league/contracts';
import { AppError, outboxEntry, type AuthUser } from '@league/platform';
import {
  listingChanged,
  listingOf,
  listingReservationEvent,
  LOCK,
  notify,
  offerReservationEvents,
  participantOf,
  trader,
  type TradeContext,
} from './context';
import { branchOf, notificationText } from './item-names';
import { dropOffer } from './offers';
import type { ListingDoc } from './ports';
import { recordSale } from './price-history';
import { revalidate } from './projections';
import { assertListingVisible } from './beta';
import { balanceCaughtUp } from './catch-up';
import { awaitSettlement, settlementHandled } from './saga-wait';
import { listingNotOpen } from './rules';

/** The listing owner's answer to an offer: a rejection, or the start of its settlement. */
export async function respond(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  offerId: number,
  accepted: boolean,
) {
  const seller = await trader(ctx, user, participantId);
  const o = await ctx.store.offer(offerId);
  if (!o) throw AppError.notFound('Trade offer not found');
  const l = await listingOf(ctx, o.tradeListingId);
  if (l.seasonParticipantId !== participantId) throw AppError.forbidden('Only the listing owner answers an offer');
  if (o.state !== 'open') throw AppError.conflict('This offer is no longer open');
  if (!accepted) {
    const done = await dropOffer(ctx, offerId, 'rejected');
    if (!done) throw AppError.conflict('This offer changed meanwhile; try again');
    const text = notificationText(ctx.names(branchOf(l.isBeta)), l, o);
    await notify(
      ctx,
      `rejected:${offerId}`,
      o.seasonParticipantId,
      'Rejected',
      seller.username,
      text.listedItemName,
      text.offeredItems,
      text.items,
    );
    return { tradeOfferId: offerId, state: 'rejected' };
  }
  const buyer = await participantOf(ctx, o.seasonParticipantId);
  return startSettlement(ctx, l._id, async () => {
    // Hold the offer too, so it cannot be withdrawn between this check and the listing's move.
    return ctx.locks.withLock(LOCK.offer(offerId), async () => {
      const fresh = await ctx.store.offer(offerId);
      if (!fresh || fresh.state !== 'open') throw AppError.conflict('This offer is no longer open');
      return {
        tradeOfferId: offerId,
        buyerParticipantId: buyer._id,
        buyerUsername: buyer.username,
        payment: {
          kind: 'items' as const,
          items: fresh.items.map(({ participantItemId, count }) => ({ participantItemId, count })),
        },
      };
    });
  });
}

export async function buyout(ctx: TradeContext, user: AuthUser | undefined, participantId: number, listingId: number) {
  const buyer = await trader(ctx, user, participantId);
  const l = await listingOf(ctx, listingId);
  assertListingVisible(user, l);
  if (l.seasonId !== buyer.seasonId) throw AppError.badRequest('This listing is in another season');
  if (l.seasonParticipantId === participantId) throw AppError.badRequest('You cannot buy your own listing');
  if (!l.askingCurrency || !l.askingPrice) throw AppError.badRequest('This listing takes offers only');
  if (l.state !== 'open') throw listingNotOpen(l);
  if (await ctx.store.isBlocked(participantId, l.seasonParticipantId))
    throw AppError.forbidden('You cannot trade with this player');
  const balance = await balanceCaughtUp(ctx, participantId, l.askingCurrency, l.askingPrice);
  if (balance < l.askingPrice)
    throw AppError.badRequest(`You hold ${balance} ${l.askingCurrency}; the asking price is ${l.askingPrice}`);
  const currency = l.askingCurrency;
  const amount = l.askingPrice;
  return startSettlement(ctx, listingId, async (fresh) => {
    if (fresh.askingCurrency !== currency || fresh.askingPrice !== amount)
      throw AppError.conflict('The asking price changed meanwhile; look again');
    return {
      tradeOfferId: null,
      buyerParticipantId: buyer._id,
      buyerUsername: buyer.username,
      payment: { kind: 'currency' as const, currency, amount },
    };
  });
}

/** Step 1–2 of the saga: open → settling with the settlement request in the same write. */
async function startSettlement(
  ctx: TradeContext,
  listingId: number,
  terms: (l: ListingDoc) => Promise<Omit<NonNullable<ListingDoc['settlement']>, 'settlementId' | 'requestedAt'>>,
) {
  const result = await ctx.locks.withLock(
    LOCK.listing(listingId),
    async () => {
      const l = await listingOf(ctx, listingId);
      if (l.state !== 'open') throw listingNotOpen(l);
      const t = await terms(l);
      const now = ctx.now();
      const settlement = { settlementId: randomUUID(), requestedAt: now, ...t };
      const requested: EventData<typeof settlementRequestedV1> = {
        settlementId: settlement.settlementId,
        tradeListingId: l._id,
        tradeOfferId: t.tradeOfferId,
        seasonId: l.seasonId,
        sellerParticipantId: l.seasonParticipantId,
        buyerParticipantId: t.buyerParticipantId,
        item: { participantItemId: l.participantItemId, count: l.count },
        payment: t.payment,
        requestedAt: now.toISOString(),
      };
      const res = await ctx.store.updateListing(l._id, ['open'], { state: 'settling', settlement, updatedOn: now }, [
        outboxEntry(settlementRequestedV1, requested, String(l._id)),
      ]);
      if (!res) throw AppError.conflict('This listing is already being settled');
      return settlement;
    },
    { waitMs: 10_000 },
  );
  await listingChanged(ctx, listingId);
  // Answers once trade has handled season's reply (bounded), so the caller's next reads see the result.
  return awaitSettlement(ctx, { settlementId: result.settlementId, tradeListingId: listingId, state: 'settling' });
}

// ---------------------------------------------------------------- the saga's replies

/**
 * Season settled: the listing closes, the accepted offer is accepted, the other offers are rejected, the
 * buyer or seller is told and the price recorded. Each step is idempotent, so a redelivery after a crash
 * half-way finishes the rest once.
 */
export async function onSettlementCompleted(
  ctx: TradeContext,
  eventId: string,
  e: EventData<typeof settlementCompletedV1>,
): Promise<void> {
  const closed = await ctx.locks.withLock(LOCK.listing(e.tradeListingId), async () => {
    const l = await ctx.store.listing(e.tradeListingId);
    if (!l || l.settlement?.settlementId !== e.settlementId) return null;
    if (l.state === 'closed') return l; // a redelivery: finish whatever a crash left undone below
    if (l.state !== 'settling') return null;
    const settlement = { ...l.settlement, completedAt: new Date(e.completedAt) };
    return ctx.store.updateListing(
      l._id,
      ['settling'],
      { state: 'closed', closedReason: 'settled', settlement, updatedOn: ctx.now() },
      [listingReservationEvent(ctx, l, false)],
      eventId,
    );
  });
  if (!closed) {
    ctx.logger.warn(
      { settlementId: e.settlementId, listingId: e.tradeListingId },
      'completion of an unknown settlement ignored',
    );
    return;
  }
  await listingChanged(ctx, closed._id);
  const s = closed.settlement!;
  const seller = closed.owner;
  const names = ctx.names(branchOf(closed.isBeta));
  if (s.tradeOfferId !== null) {
    const accepted = await ctx.locks.withLock(LOCK.offer(s.tradeOfferId), async () => {
      const o = await ctx.store.offer(s.tradeOfferId!);
      if (!o) return null;
      if (o.state === 'open')
        await ctx.store.updateOffer(
          o._id,
          ['open'],
          { state: 'accepted', updatedOn: ctx.now() },
          offerReservationEvents(ctx, o, false),
        );
      return o;
    });
    if (accepted) {
      ctx.publishSoon({ offer: accepted._id });
      const text = notificationText(names, closed, accepted);
      await notify(
        ctx,
        `settled:${s.settlementId}:buyer`,
        accepted.seasonParticipantId,
        'Accepted',
        seller,
        text.listedItemName,
        text.offeredItems,
        text.items,
      );
    }
  } else {
    const text = notificationText(names, closed);
    await notify(
      ctx,
      `settled:${s.settlementId}:seller`,
      closed.seasonParticipantId,
      'Bought Out',
      s.buyerUsername,
      text.listedItemName,
      s.payment.kind === 'currency' ? `${s.payment.amount} ${s.payment.currency}` : '',
      text.items,
    );
  }
  for (const o of await ctx.store.openOffersOn(closed._id)) {
    if (o._id === s.tradeOfferId) continue;
    const dropped = await dropOffer(ctx, o._id, 'rejected');
    if (!dropped) continue;
    const text = notificationText(names, closed, o);
    await notify(
      ctx,
      `rejected:${o._id}`,
      o.seasonParticipantId,
      'Rejected',
      seller,
      text.listedItemName,
      text.offeredItems,
      text.items,
    );
  }
  await recordSale(ctx, closed, e.completedAt);
  await settlementHandled(ctx, e.settlementId, 'completed');
}

/** Season could not settle: the listing opens again (and is checked against the stash as it is now). */
export async function onSettlementFailed(
  ctx: TradeContext,
  eventId: string,
  e: EventData<typeof settlementFailedV1>,
): Promise<void> {
  const reopened = await ctx.locks.withLock(LOCK.listing(e.tradeListingId), async () => {
    const l = await ctx.store.listing(e.tradeListingId);
    if (!l || l.state !== 'settling' || l.settlement?.settlementId !== e.settlementId) return null;
    // The reservation sent again (season keeps it as it is): the event tells every replica's search index
    // that the listing is open again.
    return ctx.store.updateListing(
      l._id,
      ['settling'],
      { state: 'open', settlement: null, updatedOn: ctx.now() },
      [listingReservationEvent(ctx, l, true)],
      eventId,
    );
  });
  if (!reopened) return;
  ctx.logger.info({ settlementId: e.settlementId, reason: e.reason }, 'settlement failed; listing reopened');
  await listingChanged(ctx, reopened._id);
  // The stash may have changed while the listing settled; check it again now that it is open.
  const item = await ctx.store.stashItem(reopened.participantItemId);
  if (item) await revalidate(ctx, item);
  await settlementHandled(ctx, e.settlementId, 'failed', e.reason);
}
