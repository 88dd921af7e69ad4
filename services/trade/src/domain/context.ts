import { reservationChangedV1, type TradeNotification } from '@league/contracts';
import { aggregateKey, AppError, outboxEntry, type AuthUser, type OutboxEntry } from '@league/platform';
import { hiddenFrom } from './beta';
import { participantCaughtUp } from './catch-up';
import { namingOf, type Naming } from './item-names';
import type { ListingDoc, NotificationItems, OfferDoc, ParticipantDoc, StashItemDoc, TradeDeps } from './ports';
import { listingReservation, notificationView, offerReservation } from './rules';
import type { SearchIndex } from './search-index';

/**
 * What the trading post's use cases share: the ports (store, locks, push, the relay's nudge, the clock, the
 * published game data) and this replica's search index. Routes and event consumers are two doors into the
 * use cases (listings, search, offers, settlement, projections, notifications, blocks, price history). Every
 * state change of a listing or an offer is one document update under that document's lock, carrying the
 * events it causes in the document's outbox (published by the relay); consumers are idempotent.
 */
export interface TradeContext extends TradeDeps {
  index: SearchIndex;
}

export const LOCK = {
  participant: (id: number) => aggregateKey('participant-items', id),
  listing: (id: number) => aggregateKey('listings', id),
  offer: (id: number) => aggregateKey('offers', id),
  item: (id: number) => aggregateKey('stashItems', id),
  currency: (id: number) => aggregateKey('currencies', id),
};

export const fail = (status: number, message: string) => new AppError(status, message);

// ---------------------------------------------------------------- naming

/**
 * How a participant reads game names: the published game data of their season's branch (a beta season
 * reads beta's, or prod's until beta has its own) in their language (`Accept-Language`, which the site's
 * language choice sets), falling back to English, then to the stored display.
 */
export function namingFor(ctx: TradeContext, p: Pick<ParticipantDoc, 'isBeta'>, acceptLanguage?: string): Naming {
  return namingOf(ctx.names, p.isBeta, acceptLanguage);
}

// ---------------------------------------------------------------- who may act

export async function participantOf(ctx: TradeContext, id: number): Promise<ParticipantDoc> {
  // Unknown here may be a join a moment ago that trade has not applied yet: looked for again after catching up.
  const p = await participantCaughtUp(ctx, id);
  if (!p) throw AppError.notFound('Season participant not found');
  return p;
}

/** The caller's own participant (an admin may act for anyone); also the SSE stream's check. */
export async function ownParticipant(
  ctx: TradeContext,
  user: AuthUser | undefined,
  id: number,
): Promise<ParticipantDoc> {
  if (!user) throw AppError.unauthorized();
  const p = await participantOf(ctx, id);
  if (p.usernameKey !== user.username.trim().toLowerCase() && !user.roles.includes('admin')) {
    // Someone else's beta participant does not exist for a player (the same 404 as an unknown id).
    if (hiddenFrom(user, p)) throw AppError.notFound('Season participant not found');
    throw AppError.forbidden('This is not your season participant');
  }
  return p;
}

/** The caller's own participant in a trade season. */
export async function trader(ctx: TradeContext, user: AuthUser | undefined, id: number): Promise<ParticipantDoc> {
  const p = await ownParticipant(ctx, user, id);
  if (p.seasonTypeId !== 1) throw AppError.badRequest('Trading is only open on trade seasons');
  return p;
}

export async function listingOf(ctx: TradeContext, id: number): Promise<ListingDoc> {
  const l = await ctx.store.listing(id);
  if (!l) throw AppError.notFound('Trade listing not found');
  return l;
}

/** The participants blocked by this one or blocking it. */
export async function blockedSet(ctx: TradeContext, participantId: number): Promise<Set<number>> {
  const [by, of] = await Promise.all([ctx.store.blocksBy(participantId), ctx.store.blocksOf(participantId)]);
  return new Set([...by.map((b) => b.ignoredParticipantId), ...of.map((b) => b.seasonParticipantId)]);
}

// ---------------------------------------------------------------- reservations

/** Whether an item is held by an open or settling listing, or by an open offer. */
export async function reservedBy(ctx: TradeContext, item: StashItemDoc): Promise<string | null> {
  if ((await ctx.store.activeListingsOfItem(item._id)).length) return 'Item is already listed for trade';
  const offers = await ctx.store.openOffersBy(item.seasonParticipantId);
  if (offers.some((o) => o.items.some((i) => i.participantItemId === item._id)))
    return 'Item is already offered in a trade';
  return null;
}

function reservation(
  ctx: TradeContext,
  reservationId: string,
  participantId: number,
  itemId: number,
  count: number,
  kind: 'listing' | 'offer',
  reserved: boolean,
  terms: Record<string, unknown> = {},
): OutboxEntry {
  return outboxEntry(
    reservationChangedV1,
    {
      reservationId,
      seasonParticipantId: participantId,
      participantItemId: itemId,
      count,
      kind,
      reserved,
      changedAt: ctx.now().toISOString(),
      // A listing's terms for the stash row (optional fields of the event).
      ...terms,
    },
    String(itemId),
  );
}

function listingTerms(l: Pick<ListingDoc, '_id' | 'askingCurrency' | 'askingPrice' | 'sellerComment'>) {
  return {
    tradeListingId: l._id,
    askingCurrency: l.askingCurrency,
    askingPrice: l.askingPrice,
    sellerComment: l.sellerComment,
  };
}

/** Reserves (again, with the current terms) or releases the listed item. */
export function listingReservationEvent(ctx: TradeContext, l: ListingDoc, reserved: boolean): OutboxEntry {
  return reservation(
    ctx,
    listingReservation(l._id),
    l.seasonParticipantId,
    l.participantItemId,
    l.count,
    'listing',
    reserved,
    reserved ? listingTerms(l) : { tradeListingId: l._id },
  );
}

/** Reserves (or releases) each offered item. */
export function offerReservationEvents(ctx: TradeContext, o: OfferDoc, reserved: boolean): OutboxEntry[] {
  return o.items.map((i) =>
    reservation(
      ctx,
      offerReservation(o._id, i.participantItemId),
      o.seasonParticipantId,
      i.participantItemId,
      i.count,
      'offer',
      reserved,
    ),
  );
}

// ---------------------------------------------------------------- after a write

/** Publishes the listing's outbox soon, refreshes this replica's index and tells the others. */
export async function listingChanged(ctx: TradeContext, id: number): Promise<void> {
  ctx.publishSoon({ listing: id });
  await ctx.indexListing(id);
  ctx.push.listingChanged(id);
}

/**
 * Stores a notification once per key and pushes it live when this call wrote it (its English text: the live
 * stream does not know its reader's language; the list names it in theirs).
 */
export async function notify(
  ctx: TradeContext,
  key: string,
  participantId: number,
  status: TradeNotification['status'],
  offerFrom: string,
  listedItemName: string,
  offeredItems: string,
  items?: NotificationItems,
): Promise<void> {
  const n = await ctx.store.addNotification({
    key,
    seasonParticipantId: participantId,
    offerFrom,
    status,
    listedItemName,
    offeredItems,
    ...(items ? { items } : {}),
    createdOn: ctx.now(),
    acknowledgedOn: null,
  });
  if (n) ctx.push.toParticipant(participantId, 'notification', notificationView(n));
}
