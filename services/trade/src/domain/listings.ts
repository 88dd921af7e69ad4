import {
  listingOpenedV1,
  type EventData,
  type ListTradeRequest,
  type TradeListing,
  type UpdateTradeListingRequest,
} from '@league/contracts';
import { AppError, outboxEntry, type AuthUser } from '@league/platform';
import {
  fail,
  listingChanged,
  listingOf,
  listingReservationEvent,
  LOCK,
  namingFor,
  ownParticipant,
  reservedBy,
  trader,
  type TradeContext,
} from './context';
import { assertListingVisible } from './beta';
import { stashItemCaughtUp } from './catch-up';
import { namedListingView } from './item-names';
import { dropOffer } from './offers';
import type { ListingDoc } from './ports';
import { itemUnavailable } from './rules';

export async function listTrade(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  body: ListTradeRequest,
  acceptLanguage?: string,
): Promise<TradeListing> {
  const seller = await trader(ctx, user, participantId);
  await stashItemCaughtUp(ctx, body.participantItemId, participantId, body.count);
  const listing = await ctx.locks.withLock(LOCK.participant(participantId), async () => {
    const item = await ctx.store.stashItem(body.participantItemId);
    const problem = itemUnavailable(item, participantId, body.count);
    if (problem) throw fail(problem.status, problem.message);
    const reserved = await reservedBy(ctx, item!);
    if (reserved) throw AppError.badRequest(reserved);
    const now = ctx.now();
    const id = await ctx.store.nextId('listing');
    const doc: ListingDoc = {
      _id: id,
      seasonId: seller.seasonId,
      isBeta: Boolean(seller.isBeta),
      seasonParticipantId: participantId,
      owner: seller.username,
      participantItemId: item!._id,
      count: body.count,
      maxCount: item!.stackCount,
      askingCurrency: body.askingCurrency,
      askingPrice: body.askingPrice,
      sellerComment: body.sellerComment || null,
      itemDisplay: item!.itemDisplay,
      itemName: item!.itemName,
      statTags: item!.statTags,
      rarityFilter: item!.rarityFilter ?? null,
      record: item!.record,
      prefixRecord: item!.prefixRecord,
      suffixRecord: item!.suffixRecord,
      state: 'open',
      settlement: null,
      closedReason: null,
      createdOn: now,
      updatedOn: now,
      appliedEvents: [],
      outbox: [],
    };
    const opened: EventData<typeof listingOpenedV1> = {
      tradeListingId: id,
      seasonId: doc.seasonId,
      seasonParticipantId: participantId,
      participantItemId: doc.participantItemId,
      count: doc.count,
      askingCurrency: doc.askingCurrency,
      askingPrice: doc.askingPrice,
      itemDisplay: doc.itemDisplay,
      itemName: doc.itemName,
      statTags: doc.statTags,
      owner: doc.owner,
      rarityFilter: doc.rarityFilter ?? null,
      // With the records and the branch, a consumer names the item from the game data without a read.
      record: doc.record,
      prefixRecord: doc.prefixRecord,
      suffixRecord: doc.suffixRecord,
      isBeta: doc.isBeta,
      openedAt: now.toISOString(),
    };
    doc.outbox = [listingReservationEvent(ctx, doc, true), outboxEntry(listingOpenedV1, opened, String(id))];
    await ctx.store.insertListing(doc);
    return doc;
  });
  await listingChanged(ctx, listing._id);
  return namedListingView(namingFor(ctx, seller, acceptLanguage), listing);
}

export async function updateListing(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  body: UpdateTradeListingRequest,
  acceptLanguage?: string,
): Promise<TradeListing> {
  const seller = await trader(ctx, user, participantId);
  const updated = await ctx.locks.withLock(LOCK.listing(body.tradeListingId), async () => {
    const l = await listingOf(ctx, body.tradeListingId);
    assertListingVisible(user, l);
    if (l.seasonParticipantId !== participantId) throw AppError.forbidden('This is not your listing');
    if (l.state === 'settling') throw AppError.conflict('This listing is being settled');
    if (l.state !== 'open') throw AppError.badRequest('This listing is closed');
    const set = {
      askingCurrency: body.askingCurrency,
      askingPrice: body.askingPrice,
      sellerComment: body.sellerComment || null,
      updatedOn: ctx.now(),
    };
    // The reservation sent again with the new terms updates the stash row's price and comment.
    const res = await ctx.store.updateListing(l._id, ['open'], set, [
      listingReservationEvent(ctx, { ...l, ...set }, true),
    ]);
    if (!res) throw AppError.conflict('This listing changed meanwhile; try again');
    return res;
  });
  await listingChanged(ctx, updated._id);
  return namedListingView(namingFor(ctx, seller, acceptLanguage), updated);
}

export async function deleteListing(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  listingId: number,
): Promise<void> {
  await ownParticipant(ctx, user, participantId);
  const l = await listingOf(ctx, listingId);
  assertListingVisible(user, l);
  if (l.seasonParticipantId !== participantId) throw AppError.forbidden('This is not your listing');
  if (l.state === 'settling') throw AppError.conflict('This listing is being settled');
  if (l.state !== 'open') throw AppError.notFound('Trade listing not found');
  const done = await cancelListing(ctx, listingId, 'withdrawn', ['open']);
  if (!done) throw AppError.conflict('This listing changed meanwhile; try again');
}

/** Closes an open listing without a sale, releases its item and drops every offer on it. */
export async function cancelListing(
  ctx: TradeContext,
  listingId: number,
  reason: string,
  from: ListingDoc['state'][],
): Promise<boolean> {
  const cancelled = await ctx.locks.withLock(LOCK.listing(listingId), async () => {
    const l = await ctx.store.listing(listingId);
    if (!l || !from.includes(l.state)) return null;
    return ctx.store.updateListing(
      listingId,
      from,
      { state: 'cancelled', closedReason: reason, updatedOn: ctx.now() },
      [listingReservationEvent(ctx, l, false)],
    );
  });
  if (!cancelled) return false;
  await listingChanged(ctx, listingId);
  for (const o of await ctx.store.openOffersOn(listingId)) await dropOffer(ctx, o._id, 'dropped');
  return true;
}

/** The participant's open and settling listings, newest first (`maxCount` the stack now), named for the reader. */
export async function listingsOf(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  acceptLanguage?: string,
): Promise<TradeListing[]> {
  const me = await ownParticipant(ctx, user, participantId);
  const naming = namingFor(ctx, me, acceptLanguage);
  const docs = await ctx.store.listingsOfParticipant(participantId);
  const active = docs.filter((l) => l.state === 'open' || l.state === 'settling').sort((a, b) => b._id - a._id);
  return Promise.all(
    active.map(async (l) =>
      namedListingView(naming, l, (await ctx.store.stashItem(l.participantItemId))?.stackCount ?? l.maxCount),
    ),
  );
}
