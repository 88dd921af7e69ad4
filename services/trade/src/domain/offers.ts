import type { TradeOffer, TradeOfferRequest } from '@league/contracts';
import { AppError, type AuthUser } from '@league/platform';
import {
  blockedSet,
  fail,
  listingOf,
  LOCK,
  namingFor,
  notify,
  offerReservationEvents,
  ownParticipant,
  reservedBy,
  trader,
  type TradeContext,
} from './context';
import { assertListingVisible } from './beta';
import { stashItemCaughtUp } from './catch-up';
import { branchOf, ENGLISH, fullName, nameItem, namedListingView, notificationText, type Naming } from './item-names';
import type { ListingDoc, OfferDoc, OfferItem } from './ports';
import { itemUnavailable, listingNotOpen } from './rules';

/** An offer with its listing and offered items named for the reader. */
async function offerView(
  ctx: TradeContext,
  naming: Naming,
  o: OfferDoc,
  listing?: ListingDoc | null,
): Promise<TradeOffer> {
  const l = listing === undefined ? await ctx.store.listing(o.tradeListingId) : listing;
  const items = await Promise.all(
    o.items.map(async (i) => {
      const s = await ctx.store.stashItem(i.participantItemId);
      const named = s ? nameItem(naming.names, naming.lang, s) : undefined;
      return {
        participantItemId: i.participantItemId,
        count: i.count,
        maxCount: s?.stackCount ?? i.count,
        itemDisplay: named?.itemDisplay ?? null,
        itemName: named?.renamed
          ? named.itemName
          : ((i.record ? fullName(naming.names, naming.lang, { ...i, record: i.record }) : undefined) ?? i.itemName),
      };
    }),
  );
  return {
    tradeOfferId: o._id,
    tradeListingId: o.tradeListingId,
    participantItemId: l?.participantItemId ?? 0,
    seasonParticipantId: o.seasonParticipantId,
    comment: o.comment,
    tradeOfferItems: items,
    offerFrom: o.offerFrom,
    tradeListing: l ? namedListingView(naming, l) : null,
    createdOn: new Date(o.createdOn).toISOString(),
  };
}

export async function makeOffer(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  body: TradeOfferRequest,
  acceptLanguage?: string,
): Promise<TradeOffer> {
  const buyer = await trader(ctx, user, participantId);
  const listing = await listingOf(ctx, body.tradeListingId);
  assertListingVisible(user, listing);
  if (listing.seasonId !== buyer.seasonId) throw AppError.badRequest('This listing is in another season');
  if (listing.seasonParticipantId === participantId)
    throw AppError.badRequest('You cannot make an offer on your own listing');
  if (listing.state !== 'open') throw listingNotOpen(listing);
  if (await ctx.store.isBlocked(participantId, listing.seasonParticipantId))
    throw AppError.forbidden('You cannot trade with this player');
  const ids = body.tradeOfferItems.map((i) => i.participantItemId);
  if (new Set(ids).size !== ids.length) throw AppError.badRequest('The same item cannot be offered twice');
  if (ids.includes(listing.participantItemId)) throw AppError.badRequest('You cannot offer the listed item');

  const names = ctx.names(branchOf(listing.isBeta));
  for (const wanted of body.tradeOfferItems)
    await stashItemCaughtUp(ctx, wanted.participantItemId, participantId, wanted.count);
  const offer = await ctx.locks.withLock(LOCK.participant(participantId), async () => {
    const items: OfferItem[] = [];
    for (const wanted of body.tradeOfferItems) {
      const item = await ctx.store.stashItem(wanted.participantItemId);
      const problem = itemUnavailable(item, participantId, wanted.count);
      if (problem) throw fail(problem.status, `Item ${wanted.participantItemId}: ${problem.message}`);
      const reserved = await reservedBy(ctx, item!);
      if (reserved) throw AppError.badRequest(`Item ${wanted.participantItemId}: ${reserved}`);
      items.push({
        participantItemId: item!._id,
        count: wanted.count,
        itemName: nameItem(names, ENGLISH, item!).itemName,
        record: item!.record,
        prefixRecord: item!.prefixRecord,
        suffixRecord: item!.suffixRecord,
      });
    }
    const now = ctx.now();
    const id = await ctx.store.nextId('offer');
    const doc: OfferDoc = {
      _id: id,
      tradeListingId: listing._id,
      listingOwnerId: listing.seasonParticipantId,
      seasonId: listing.seasonId,
      seasonParticipantId: participantId,
      offerFrom: buyer.username,
      comment: body.comment || null,
      items,
      state: 'open',
      createdOn: now,
      updatedOn: now,
      outbox: [],
    };
    doc.outbox = offerReservationEvents(ctx, doc, true);
    await ctx.store.insertOffer(doc);
    return doc;
  });
  ctx.publishSoon({ offer: offer._id });
  // The listing may have closed while the offer was written: then the offer goes at once.
  const now = await ctx.store.listing(listing._id);
  if (!now || (now.state !== 'open' && now.state !== 'settling')) {
    await dropOffer(ctx, offer._id, 'dropped');
    throw listingNotOpen(now ?? { state: 'closed', closedReason: null });
  }
  const text = notificationText(names, listing, offer);
  await notify(
    ctx,
    `incoming:${offer._id}`,
    listing.seasonParticipantId,
    'Incoming',
    offer.offerFrom,
    text.listedItemName,
    text.offeredItems,
    text.items,
  );
  // The live push does not know its reader's language: English, as the notification's stored text.
  ctx.push.toParticipant(
    listing.seasonParticipantId,
    'offer',
    await offerView(ctx, { names, lang: ENGLISH }, offer, now),
  );
  return offerView(ctx, namingFor(ctx, buyer, acceptLanguage), offer, now);
}

/** Ends an open offer (not while its listing settles with it) and releases its items. */
export async function dropOffer(
  ctx: TradeContext,
  offerId: number,
  state: 'withdrawn' | 'dropped' | 'rejected',
): Promise<OfferDoc | null> {
  const res = await ctx.locks.withLock(LOCK.offer(offerId), async () => {
    const o = await ctx.store.offer(offerId);
    if (!o || o.state !== 'open') return null;
    const l = await ctx.store.listing(o.tradeListingId);
    if (l?.state === 'settling' && l.settlement?.tradeOfferId === offerId)
      throw AppError.conflict('This offer is being settled');
    return ctx.store.updateOffer(
      offerId,
      ['open'],
      { state, updatedOn: ctx.now() },
      offerReservationEvents(ctx, o, false),
    );
  });
  if (res) ctx.publishSoon({ offer: offerId });
  return res;
}

/** Drops an open offer, unless it is being settled: then the settlement's reply decides. */
export async function dropOfferUnlessSettling(ctx: TradeContext, offerId: number): Promise<void> {
  await dropOffer(ctx, offerId, 'dropped').catch((err: unknown) => {
    if (!(err instanceof AppError && err.status === 409)) throw err;
  });
}

/** Offers as views named for the reader, newest first, without those to or from players blocked either way. */
async function offerViews(
  ctx: TradeContext,
  naming: Naming,
  participantId: number,
  offers: OfferDoc[],
  other: (o: OfferDoc) => number,
): Promise<TradeOffer[]> {
  const blocked = await blockedSet(ctx, participantId);
  return Promise.all(
    offers
      .filter((o) => !blocked.has(other(o)))
      .sort((a, b) => b._id - a._id)
      .map((o) => offerView(ctx, naming, o)),
  );
}

/** The participant's own open offers. */
export async function offersBy(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  acceptLanguage?: string,
): Promise<TradeOffer[]> {
  const me = await ownParticipant(ctx, user, participantId);
  const offers = await ctx.store.openOffersBy(participantId);
  return offerViews(ctx, namingFor(ctx, me, acceptLanguage), participantId, offers, (o) => o.listingOwnerId);
}

/** The open offers on the participant's listings. */
export async function offersTo(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  acceptLanguage?: string,
): Promise<TradeOffer[]> {
  const me = await ownParticipant(ctx, user, participantId);
  const offers = await ctx.store.openOffersTo(participantId);
  return offerViews(ctx, namingFor(ctx, me, acceptLanguage), participantId, offers, (o) => o.seasonParticipantId);
}

export async function withdrawOffer(
  ctx: TradeContext,
  user: AuthUser | undefined,
  participantId: number,
  offerId: number,
): Promise<void> {
  await ownParticipant(ctx, user, participantId);
  const o = await ctx.store.offer(offerId);
  if (!o || o.state !== 'open') throw AppError.notFound('Trade offer not found');
  if (o.seasonParticipantId !== participantId) throw AppError.forbidden('Only the offerer removes an offer');
  const done = await dropOffer(ctx, offerId, 'withdrawn');
  if (!done) throw AppError.conflict('This offer changed meanwhile; try again');
}
