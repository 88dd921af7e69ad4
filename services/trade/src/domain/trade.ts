import { randomUUID } from 'node:crypto';
import {
  listingOpenedV1,
  reservationChangedV1,
  settlementRequestedV1,
  type EventData,
  type ListTradeRequest,
  type TradeListing,
  type TradeNotification,
  type TradeOffer,
  type TradeOfferRequest,
  type TradePriceHistory,
  type TradeSearchQuery,
  type UpdateTradeListingRequest,
  type currenciesChangedV1,
  type participantJoinedV1,
  type settlementCompletedV1,
  type settlementFailedV1,
  type stashItemChangedV1,
} from '@league/contracts';
import { aggregateKey, AppError, outboxEntry, type AuthUser, type OutboxEntry } from '@league/platform';
import type {
  ListingDoc,
  NotificationDoc,
  OfferDoc,
  OfferItem,
  ParticipantDoc,
  StashItemDoc,
  TradeDeps,
} from './ports';
import {
  itemUnavailable,
  listingNotOpen,
  listingReservation,
  listingView,
  median,
  offeredItemsText,
  offerReservation,
  recordKey,
  stillValid,
} from './rules';
import type { SearchIndex } from './search-index';

type Branch = 'prod' | 'beta';

const LOCK = {
  participant: (id: number) => aggregateKey('participant-items', id),
  listing: (id: number) => aggregateKey('listings', id),
  offer: (id: number) => aggregateKey('offers', id),
  item: (id: number) => aggregateKey('stashItems', id),
  currency: (id: number) => aggregateKey('currencies', id),
};

const fail = (status: number, message: string) => new AppError(status, message);

/**
 * The trading post's use cases. Routes and event consumers are two doors into them. Every state change
 * of a listing or an offer is one document update under that document's lock, carrying the events it
 * causes in the document's outbox (published by the relay); consumers are idempotent.
 */
export class TradeService {
  constructor(
    private readonly d: TradeDeps,
    private readonly index: SearchIndex,
  ) {}

  // ---------------------------------------------------------------- who may act

  private async participantOf(id: number): Promise<ParticipantDoc> {
    const p = await this.d.store.participant(id);
    if (!p) throw AppError.notFound('Season participant not found');
    return p;
  }

  /** The caller's own participant (an admin may act for anyone) in a trade season. */
  private async ownParticipant(user: AuthUser | undefined, id: number): Promise<ParticipantDoc> {
    if (!user) throw AppError.unauthorized();
    const p = await this.participantOf(id);
    if (p.usernameKey !== user.username.trim().toLowerCase() && !user.roles.includes('admin'))
      throw AppError.forbidden('This is not your season participant');
    return p;
  }

  /** For the SSE stream: the caller owns the participant (or is an admin). */
  async checkOwner(user: AuthUser | undefined, id: number): Promise<void> {
    await this.ownParticipant(user, id);
  }

  private async trader(user: AuthUser | undefined, id: number): Promise<ParticipantDoc> {
    const p = await this.ownParticipant(user, id);
    if (p.seasonTypeId !== 1) throw AppError.badRequest('Trading is only open on trade seasons');
    return p;
  }

  private async listingOf(id: number): Promise<ListingDoc> {
    const l = await this.d.store.listing(id);
    if (!l) throw AppError.notFound('Trade listing not found');
    return l;
  }

  /** Whether an item is held by an open or settling listing, or by an open offer. */
  private async reservedBy(item: StashItemDoc): Promise<string | null> {
    if ((await this.d.store.activeListingsOfItem(item._id)).length) return 'Item is already listed for trade';
    const offers = await this.d.store.openOffersBy(item.seasonParticipantId);
    if (offers.some((o) => o.items.some((i) => i.participantItemId === item._id)))
      return 'Item is already offered in a trade';
    return null;
  }

  private reservation(
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
        changedAt: this.d.now().toISOString(),
        // A listing's terms for the stash row (optional fields of the event).
        ...terms,
      },
      String(itemId),
    );
  }

  private listingTerms(l: Pick<ListingDoc, '_id' | 'askingCurrency' | 'askingPrice' | 'sellerComment'>) {
    return {
      tradeListingId: l._id,
      askingCurrency: l.askingCurrency,
      askingPrice: l.askingPrice,
      sellerComment: l.sellerComment,
    };
  }

  /** Reserves (again, with the current terms) the listed item. */
  private reserveListing(l: ListingDoc): OutboxEntry {
    return this.reservation(
      listingReservation(l._id),
      l.seasonParticipantId,
      l.participantItemId,
      l.count,
      'listing',
      true,
      this.listingTerms(l),
    );
  }

  private releaseListing(l: ListingDoc): OutboxEntry {
    return this.reservation(
      listingReservation(l._id),
      l.seasonParticipantId,
      l.participantItemId,
      l.count,
      'listing',
      false,
      { tradeListingId: l._id },
    );
  }

  private releaseOffer(o: OfferDoc): OutboxEntry[] {
    return o.items.map((i) =>
      this.reservation(
        offerReservation(o._id, i.participantItemId),
        o.seasonParticipantId,
        i.participantItemId,
        i.count,
        'offer',
        false,
      ),
    );
  }

  private async listingChanged(id: number): Promise<void> {
    this.d.publishSoon({ listing: id });
    await this.d.indexListing(id);
    this.d.push.listingChanged(id);
  }

  // ---------------------------------------------------------------- listings

  async listTrade(user: AuthUser | undefined, participantId: number, body: ListTradeRequest): Promise<TradeListing> {
    const seller = await this.trader(user, participantId);
    const listing = await this.d.locks.withLock(LOCK.participant(participantId), async () => {
      const item = await this.d.store.stashItem(body.participantItemId);
      const problem = itemUnavailable(item, participantId, body.count);
      if (problem) throw fail(problem.status, problem.message);
      const reserved = await this.reservedBy(item!);
      if (reserved) throw AppError.badRequest(reserved);
      const now = this.d.now();
      const id = await this.d.store.nextId('listing');
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
        openedAt: now.toISOString(),
      };
      doc.outbox = [this.reserveListing(doc), outboxEntry(listingOpenedV1, opened, String(id))];
      await this.d.store.insertListing(doc);
      return doc;
    });
    await this.listingChanged(listing._id);
    return listingView(listing);
  }

  async updateListing(
    user: AuthUser | undefined,
    participantId: number,
    body: UpdateTradeListingRequest,
  ): Promise<TradeListing> {
    await this.trader(user, participantId);
    const updated = await this.d.locks.withLock(LOCK.listing(body.tradeListingId), async () => {
      const l = await this.listingOf(body.tradeListingId);
      if (l.seasonParticipantId !== participantId) throw AppError.forbidden('This is not your listing');
      if (l.state === 'settling') throw AppError.conflict('This listing is being settled');
      if (l.state !== 'open') throw AppError.badRequest('This listing is closed');
      const set = {
        askingCurrency: body.askingCurrency,
        askingPrice: body.askingPrice,
        sellerComment: body.sellerComment || null,
        updatedOn: this.d.now(),
      };
      // The reservation sent again with the new terms updates the stash row's price and comment.
      const res = await this.d.store.updateListing(l._id, ['open'], set, [this.reserveListing({ ...l, ...set })]);
      if (!res) throw AppError.conflict('This listing changed meanwhile; try again');
      return res;
    });
    await this.listingChanged(updated._id);
    return listingView(updated);
  }

  async deleteListing(user: AuthUser | undefined, participantId: number, listingId: number): Promise<void> {
    await this.ownParticipant(user, participantId);
    const l = await this.listingOf(listingId);
    if (l.seasonParticipantId !== participantId) throw AppError.forbidden('This is not your listing');
    if (l.state === 'settling') throw AppError.conflict('This listing is being settled');
    if (l.state !== 'open') throw AppError.notFound('Trade listing not found');
    const done = await this.cancelListing(listingId, 'withdrawn', ['open']);
    if (!done) throw AppError.conflict('This listing changed meanwhile; try again');
  }

  /** Closes an open listing without a sale, releases its item and drops every offer on it. */
  private async cancelListing(listingId: number, reason: string, from: ListingDoc['state'][]): Promise<boolean> {
    const cancelled = await this.d.locks.withLock(LOCK.listing(listingId), async () => {
      const l = await this.d.store.listing(listingId);
      if (!l || !from.includes(l.state)) return null;
      return this.d.store.updateListing(
        listingId,
        from,
        { state: 'cancelled', closedReason: reason, updatedOn: this.d.now() },
        [this.releaseListing(l)],
      );
    });
    if (!cancelled) return false;
    await this.listingChanged(listingId);
    for (const o of await this.d.store.openOffersOn(listingId)) await this.dropOffer(o._id, 'dropped');
    return true;
  }

  async listingsOf(user: AuthUser | undefined, participantId: number): Promise<TradeListing[]> {
    await this.ownParticipant(user, participantId);
    const docs = await this.d.store.listingsOfParticipant(participantId);
    const active = docs.filter((l) => l.state === 'open' || l.state === 'settling').sort((a, b) => b._id - a._id);
    return Promise.all(
      active.map(async (l) =>
        listingView(l, (await this.d.store.stashItem(l.participantItemId))?.stackCount ?? l.maxCount),
      ),
    );
  }

  async search(user: AuthUser | undefined, q: TradeSearchQuery) {
    const me = await this.ownParticipant(user, q.seasonParticipantId);
    const [by, of] = await Promise.all([this.d.store.blocksBy(me._id), this.d.store.blocksOf(me._id)]);
    const exclude = new Set<number>([
      me._id,
      ...by.map((b) => b.ignoredParticipantId),
      ...of.map((b) => b.seasonParticipantId),
    ]);
    return this.index.search({ ...q, seasonId: me.seasonId, exclude });
  }

  // ---------------------------------------------------------------- offers

  private async offerView(o: OfferDoc, listing?: ListingDoc | null): Promise<TradeOffer> {
    const l = listing === undefined ? await this.d.store.listing(o.tradeListingId) : listing;
    const items = await Promise.all(
      o.items.map(async (i) => {
        const s = await this.d.store.stashItem(i.participantItemId);
        return {
          participantItemId: i.participantItemId,
          count: i.count,
          maxCount: s?.stackCount ?? i.count,
          itemDisplay: s?.itemDisplay ?? null,
          itemName: i.itemName,
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
      tradeListing: l ? listingView(l) : null,
      createdOn: new Date(o.createdOn).toISOString(),
    };
  }

  async makeOffer(user: AuthUser | undefined, participantId: number, body: TradeOfferRequest): Promise<TradeOffer> {
    const buyer = await this.trader(user, participantId);
    const listing = await this.listingOf(body.tradeListingId);
    if (listing.seasonId !== buyer.seasonId) throw AppError.badRequest('This listing is in another season');
    if (listing.seasonParticipantId === participantId)
      throw AppError.badRequest('You cannot make an offer on your own listing');
    if (listing.state !== 'open') throw listingNotOpen(listing);
    if (await this.d.store.isBlocked(participantId, listing.seasonParticipantId))
      throw AppError.forbidden('You cannot trade with this player');
    const ids = body.tradeOfferItems.map((i) => i.participantItemId);
    if (new Set(ids).size !== ids.length) throw AppError.badRequest('The same item cannot be offered twice');
    if (ids.includes(listing.participantItemId)) throw AppError.badRequest('You cannot offer the listed item');

    const offer = await this.d.locks.withLock(LOCK.participant(participantId), async () => {
      const items: OfferItem[] = [];
      for (const wanted of body.tradeOfferItems) {
        const item = await this.d.store.stashItem(wanted.participantItemId);
        const problem = itemUnavailable(item, participantId, wanted.count);
        if (problem) throw fail(problem.status, `Item ${wanted.participantItemId}: ${problem.message}`);
        const reserved = await this.reservedBy(item!);
        if (reserved) throw AppError.badRequest(`Item ${wanted.participantItemId}: ${reserved}`);
        items.push({ participantItemId: item!._id, count: wanted.count, itemName: item!.itemName });
      }
      const now = this.d.now();
      const id = await this.d.store.nextId('offer');
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
        outbox: items.map((i) =>
          this.reservation(
            offerReservation(id, i.participantItemId),
            participantId,
            i.participantItemId,
            i.count,
            'offer',
            true,
          ),
        ),
      };
      await this.d.store.insertOffer(doc);
      return doc;
    });
    this.d.publishSoon({ offer: offer._id });
    // The listing may have closed while the offer was written: then the offer goes at once.
    const now = await this.d.store.listing(listing._id);
    if (!now || (now.state !== 'open' && now.state !== 'settling')) {
      await this.dropOffer(offer._id, 'dropped');
      throw listingNotOpen(now ?? { state: 'closed', closedReason: null });
    }
    const view = await this.offerView(offer, now);
    await this.notify(
      `incoming:${offer._id}`,
      listing.seasonParticipantId,
      'Incoming',
      offer.offerFrom,
      listing.itemName,
      offeredItemsText(offer),
    );
    this.d.push.toParticipant(listing.seasonParticipantId, 'offer', view);
    return view;
  }

  /** Ends an open offer (not while its listing settles with it) and releases its items. */
  private async dropOffer(offerId: number, state: 'withdrawn' | 'dropped' | 'rejected'): Promise<OfferDoc | null> {
    const res = await this.d.locks.withLock(LOCK.offer(offerId), async () => {
      const o = await this.d.store.offer(offerId);
      if (!o || o.state !== 'open') return null;
      const l = await this.d.store.listing(o.tradeListingId);
      if (l?.state === 'settling' && l.settlement?.tradeOfferId === offerId)
        throw AppError.conflict('This offer is being settled');
      return this.d.store.updateOffer(offerId, ['open'], { state, updatedOn: this.d.now() }, this.releaseOffer(o));
    });
    if (res) this.d.publishSoon({ offer: offerId });
    return res;
  }

  async offersBy(user: AuthUser | undefined, participantId: number): Promise<TradeOffer[]> {
    await this.ownParticipant(user, participantId);
    const offers = await this.d.store.openOffersBy(participantId);
    const blocked = await this.blockedSet(participantId);
    return Promise.all(
      offers
        .filter((o) => !blocked.has(o.listingOwnerId))
        .sort((a, b) => b._id - a._id)
        .map((o) => this.offerView(o)),
    );
  }

  async offersTo(user: AuthUser | undefined, participantId: number): Promise<TradeOffer[]> {
    await this.ownParticipant(user, participantId);
    const offers = await this.d.store.openOffersTo(participantId);
    const blocked = await this.blockedSet(participantId);
    return Promise.all(
      offers
        .filter((o) => !blocked.has(o.seasonParticipantId))
        .sort((a, b) => b._id - a._id)
        .map((o) => this.offerView(o)),
    );
  }

  private async blockedSet(participantId: number): Promise<Set<number>> {
    const [by, of] = await Promise.all([this.d.store.blocksBy(participantId), this.d.store.blocksOf(participantId)]);
    return new Set([...by.map((b) => b.ignoredParticipantId), ...of.map((b) => b.seasonParticipantId)]);
  }

  async withdrawOffer(user: AuthUser | undefined, participantId: number, offerId: number): Promise<void> {
    await this.ownParticipant(user, participantId);
    const o = await this.d.store.offer(offerId);
    if (!o || o.state !== 'open') throw AppError.notFound('Trade offer not found');
    if (o.seasonParticipantId !== participantId) throw AppError.forbidden('Only the offerer removes an offer');
    const done = await this.dropOffer(offerId, 'withdrawn');
    if (!done) throw AppError.conflict('This offer changed meanwhile; try again');
  }

  async respond(user: AuthUser | undefined, participantId: number, offerId: number, accepted: boolean) {
    const seller = await this.trader(user, participantId);
    const o = await this.d.store.offer(offerId);
    if (!o) throw AppError.notFound('Trade offer not found');
    const l = await this.listingOf(o.tradeListingId);
    if (l.seasonParticipantId !== participantId) throw AppError.forbidden('Only the listing owner answers an offer');
    if (o.state !== 'open') throw AppError.conflict('This offer is no longer open');
    if (!accepted) {
      const done = await this.dropOffer(offerId, 'rejected');
      if (!done) throw AppError.conflict('This offer changed meanwhile; try again');
      await this.notify(
        `rejected:${offerId}`,
        o.seasonParticipantId,
        'Rejected',
        seller.username,
        l.itemName,
        offeredItemsText(o),
      );
      return { tradeOfferId: offerId, state: 'rejected' };
    }
    const buyer = await this.participantOf(o.seasonParticipantId);
    return this.startSettlement(l._id, async () => {
      // Hold the offer too, so it cannot be withdrawn between this check and the listing's move.
      return this.d.locks.withLock(LOCK.offer(offerId), async () => {
        const fresh = await this.d.store.offer(offerId);
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

  async buyout(user: AuthUser | undefined, participantId: number, listingId: number) {
    const buyer = await this.trader(user, participantId);
    const l = await this.listingOf(listingId);
    if (l.seasonId !== buyer.seasonId) throw AppError.badRequest('This listing is in another season');
    if (l.seasonParticipantId === participantId) throw AppError.badRequest('You cannot buy your own listing');
    if (!l.askingCurrency || !l.askingPrice) throw AppError.badRequest('This listing takes offers only');
    if (l.state !== 'open') throw listingNotOpen(l);
    if (await this.d.store.isBlocked(participantId, l.seasonParticipantId))
      throw AppError.forbidden('You cannot trade with this player');
    const balance = (await this.d.store.currencies(participantId))?.balances[l.askingCurrency] ?? 0;
    if (balance < l.askingPrice)
      throw AppError.badRequest(`You hold ${balance} ${l.askingCurrency}; the asking price is ${l.askingPrice}`);
    const currency = l.askingCurrency;
    const amount = l.askingPrice;
    return this.startSettlement(listingId, async (fresh) => {
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
  private async startSettlement(
    listingId: number,
    terms: (l: ListingDoc) => Promise<Omit<NonNullable<ListingDoc['settlement']>, 'settlementId' | 'requestedAt'>>,
  ) {
    const result = await this.d.locks.withLock(
      LOCK.listing(listingId),
      async () => {
        const l = await this.listingOf(listingId);
        if (l.state !== 'open') throw listingNotOpen(l);
        const t = await terms(l);
        const now = this.d.now();
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
        const res = await this.d.store.updateListing(
          l._id,
          ['open'],
          { state: 'settling', settlement, updatedOn: now },
          [outboxEntry(settlementRequestedV1, requested, String(l._id))],
        );
        if (!res) throw AppError.conflict('This listing is already being settled');
        return settlement;
      },
      { waitMs: 10_000 },
    );
    await this.listingChanged(listingId);
    return { settlementId: result.settlementId, tradeListingId: listingId, state: 'settling' as const };
  }

  // ---------------------------------------------------------------- the saga's replies

  async onSettlementCompleted(eventId: string, e: EventData<typeof settlementCompletedV1>): Promise<void> {
    const closed = await this.d.locks.withLock(LOCK.listing(e.tradeListingId), async () => {
      const l = await this.d.store.listing(e.tradeListingId);
      if (!l || l.settlement?.settlementId !== e.settlementId) return null;
      if (l.state === 'closed') return l; // a redelivery: finish whatever a crash left undone below
      if (l.state !== 'settling') return null;
      const settlement = { ...l.settlement, completedAt: new Date(e.completedAt) };
      return this.d.store.updateListing(
        l._id,
        ['settling'],
        { state: 'closed', closedReason: 'settled', settlement, updatedOn: this.d.now() },
        [this.releaseListing(l)],
        eventId,
      );
    });
    if (!closed) {
      this.d.logger.warn(
        { settlementId: e.settlementId, listingId: e.tradeListingId },
        'completion of an unknown settlement ignored',
      );
      return;
    }
    await this.listingChanged(closed._id);
    const s = closed.settlement!;
    const seller = closed.owner;
    if (s.tradeOfferId !== null) {
      const accepted = await this.d.locks.withLock(LOCK.offer(s.tradeOfferId), async () => {
        const o = await this.d.store.offer(s.tradeOfferId!);
        if (!o) return null;
        if (o.state === 'open')
          await this.d.store.updateOffer(
            o._id,
            ['open'],
            { state: 'accepted', updatedOn: this.d.now() },
            this.releaseOffer(o),
          );
        return o;
      });
      if (accepted) {
        this.d.publishSoon({ offer: accepted._id });
        await this.notify(
          `settled:${s.settlementId}:buyer`,
          accepted.seasonParticipantId,
          'Accepted',
          seller,
          closed.itemName,
          offeredItemsText(accepted),
        );
      }
    } else {
      await this.notify(
        `settled:${s.settlementId}:seller`,
        closed.seasonParticipantId,
        'Bought Out',
        s.buyerUsername,
        closed.itemName,
        s.payment.kind === 'currency' ? `${s.payment.amount} ${s.payment.currency}` : '',
      );
    }
    for (const o of await this.d.store.openOffersOn(closed._id)) {
      if (o._id === s.tradeOfferId) continue;
      const dropped = await this.dropOffer(o._id, 'rejected');
      if (dropped)
        await this.notify(
          `rejected:${o._id}`,
          o.seasonParticipantId,
          'Rejected',
          seller,
          closed.itemName,
          offeredItemsText(o),
        );
    }
    await this.d.store.recordPrice({
      _id: s.settlementId,
      seasonId: closed.seasonId,
      isBeta: closed.isBeta,
      recordKey: recordKey(closed.record),
      record: closed.record,
      prefixRecord: closed.prefixRecord,
      suffixRecord: closed.suffixRecord,
      currency: s.payment.kind === 'currency' ? s.payment.currency : null,
      price: s.payment.kind === 'currency' ? s.payment.amount : null,
      count: closed.count,
      settledOn: new Date(e.completedAt),
    });
  }

  async onSettlementFailed(eventId: string, e: EventData<typeof settlementFailedV1>): Promise<void> {
    const reopened = await this.d.locks.withLock(LOCK.listing(e.tradeListingId), async () => {
      const l = await this.d.store.listing(e.tradeListingId);
      if (!l || l.state !== 'settling' || l.settlement?.settlementId !== e.settlementId) return null;
      return this.d.store.updateListing(
        l._id,
        ['settling'],
        { state: 'open', settlement: null, updatedOn: this.d.now() },
        [],
        eventId,
      );
    });
    if (!reopened) return;
    this.d.logger.info({ settlementId: e.settlementId, reason: e.reason }, 'settlement failed; listing reopened');
    await this.listingChanged(reopened._id);
    // The stash may have changed while the listing settled; check it again now that it is open.
    const item = await this.d.store.stashItem(reopened.participantItemId);
    if (item) await this.revalidate(item);
  }

  // ---------------------------------------------------------------- read models from season

  async onParticipantJoined(e: EventData<typeof participantJoinedV1>): Promise<void> {
    const current = await this.d.store.participant(e.seasonParticipantId);
    await this.d.store.upsertParticipant({
      _id: e.seasonParticipantId,
      seasonId: e.seasonId,
      username: e.username,
      usernameKey: e.username.trim().toLowerCase(),
      seasonTypeId: e.seasonTypeId ?? current?.seasonTypeId ?? null,
      isBeta: e.isBeta ?? current?.isBeta ?? null,
    });
  }

  async onStashItemChanged(e: EventData<typeof stashItemChangedV1>): Promise<void> {
    const item: StashItemDoc = {
      _id: e.participantItemId,
      seasonParticipantId: e.seasonParticipantId,
      seasonId: e.seasonId,
      username: e.username,
      version: e.version,
      stackCount: e.stackCount,
      queued: e.queued,
      tradable: e.tradable,
      record: e.record,
      prefixRecord: e.prefixRecord,
      suffixRecord: e.suffixRecord,
      itemDisplay: e.itemDisplay,
      itemName: e.itemName,
      statTags: e.statTags,
      rarityFilter: e.rarityFilter ?? null,
    };
    const applied = await this.d.locks.withLock(LOCK.item(item._id), () => this.d.store.putStashItemIfNewer(item));
    if (applied) await this.revalidate(item);
  }

  /** A stash change that leaves a listing or an offer without its item cancels it (and releases the rest). */
  private async revalidate(item: StashItemDoc): Promise<void> {
    const latest = (await this.d.store.stashItem(item._id)) ?? item;
    for (const l of await this.d.store.activeListingsOfItem(latest._id)) {
      if (l.state === 'open' && !stillValid(latest, l.seasonParticipantId, l.count))
        await this.cancelListing(l._id, 'stash-changed', ['open']);
    }
    const offers = await this.d.store.openOffersBy(latest.seasonParticipantId);
    for (const o of offers) {
      const mine = o.items.find((i) => i.participantItemId === latest._id);
      if (!mine || stillValid(latest, o.seasonParticipantId, mine.count)) continue;
      await this.dropOffer(o._id, 'dropped').catch((err: unknown) => {
        // Being settled with this very offer: the settlement's reply decides.
        if (!(err instanceof AppError && err.status === 409)) throw err;
      });
    }
  }

  async onCurrenciesChanged(e: EventData<typeof currenciesChangedV1>): Promise<void> {
    await this.d.locks.withLock(LOCK.currency(e.seasonParticipantId), () =>
      this.d.store.putCurrenciesIfNewer({
        _id: e.seasonParticipantId,
        seasonId: e.seasonId,
        version: e.version,
        balances: e.balances,
      }),
    );
  }

  // ---------------------------------------------------------------- notifications

  private async notify(
    key: string,
    participantId: number,
    status: TradeNotification['status'],
    offerFrom: string,
    listedItemName: string,
    offeredItems: string,
  ): Promise<void> {
    const n = await this.d.store.addNotification({
      key,
      seasonParticipantId: participantId,
      offerFrom,
      status,
      listedItemName,
      offeredItems,
      createdOn: this.d.now(),
      acknowledgedOn: null,
    });
    if (n) this.d.push.toParticipant(participantId, 'notification', notificationView(n));
  }

  async notifications(user: AuthUser | undefined, participantId: number): Promise<TradeNotification[]> {
    await this.ownParticipant(user, participantId);
    const all = await this.d.store.notificationsOf(participantId);
    return all.sort((a, b) => b._id - a._id).map(notificationView);
  }

  async newNotificationCount(user: AuthUser | undefined, participantId: number): Promise<number> {
    await this.ownParticipant(user, participantId);
    return (await this.d.store.notificationsOf(participantId)).filter((n) => !n.acknowledgedOn).length;
  }

  async acknowledge(
    user: AuthUser | undefined,
    participantId: number,
    ids: number[],
  ): Promise<{ acknowledged: number }> {
    await this.ownParticipant(user, participantId);
    return { acknowledged: await this.d.store.acknowledge(participantId, [...new Set(ids)], this.d.now()) };
  }

  /** The client's own POST (kept for compatibility): a note to one's own participant only. */
  async createNotification(
    user: AuthUser | undefined,
    body: {
      seasonParticipantId: number;
      offerFrom: string;
      listedItemName: string;
      offeredItems: string;
      status: TradeNotification['status'];
    },
  ): Promise<TradeNotification> {
    await this.ownParticipant(user, body.seasonParticipantId);
    const n = await this.d.store.addNotification({
      key: `client:${randomUUID()}`,
      seasonParticipantId: body.seasonParticipantId,
      offerFrom: body.offerFrom,
      status: body.status,
      listedItemName: body.listedItemName,
      offeredItems: body.offeredItems,
      createdOn: this.d.now(),
      acknowledgedOn: null,
    });
    const view = notificationView(n!);
    this.d.push.toParticipant(body.seasonParticipantId, 'notification', view);
    return view;
  }

  // ---------------------------------------------------------------- blocks

  async ignored(user: AuthUser | undefined, participantId: number) {
    await this.ownParticipant(user, participantId);
    const blocks = await this.d.store.blocksBy(participantId);
    return blocks.map((b) => ({ ignoredParticipantId: b.ignoredParticipantId, ignoredUsername: b.ignoredUsername }));
  }

  async ignore(user: AuthUser | undefined, participantId: number, otherId: number): Promise<void> {
    const me = await this.ownParticipant(user, participantId);
    if (otherId === participantId) throw AppError.badRequest('You cannot block yourself');
    const other = await this.participantOf(otherId);
    if (other.seasonId !== me.seasonId) throw AppError.badRequest('That player is in another season');
    await this.d.store.block({
      _id: `${participantId}:${otherId}`,
      seasonParticipantId: participantId,
      ignoredParticipantId: otherId,
      ignoredUsername: other.username,
      createdOn: this.d.now(),
    });
    // Pending offers between the two go, both ways (one being settled finishes).
    const pending = [
      ...(await this.d.store.openOffersBy(participantId)).filter((o) => o.listingOwnerId === otherId),
      ...(await this.d.store.openOffersBy(otherId)).filter((o) => o.listingOwnerId === participantId),
    ];
    for (const o of pending)
      await this.dropOffer(o._id, 'dropped').catch((err: unknown) => {
        if (!(err instanceof AppError && err.status === 409)) throw err;
      });
  }

  async unignore(user: AuthUser | undefined, participantId: number, otherId: number): Promise<void> {
    await this.ownParticipant(user, participantId);
    await this.d.store.unblock(participantId, otherId);
  }

  // ---------------------------------------------------------------- price history

  /** By record, or by a stash item the trade service knows (its base record; a sold item is still known). */
  async priceHistory(by: { record?: string; participantItemId?: number }, branch: Branch): Promise<TradePriceHistory> {
    if ((by.record === undefined) === (by.participantItemId === undefined))
      throw AppError.badRequest('Give either record or participantItemId');
    let record = by.record;
    if (record === undefined) {
      const item = await this.d.store.stashItem(by.participantItemId!);
      if (!item) throw AppError.notFound('Stash item not found');
      record = item.record;
    }
    const stored = await this.d.store.prices(recordKey(record), branch === 'beta');
    // "Over the season": the latest season this record was traded in.
    const season = Math.max(0, ...stored.map((p) => p.seasonId));
    const all = stored
      .filter((p) => p.seasonId === season)
      .sort((a, b) => new Date(b.settledOn).getTime() - new Date(a.settledOn).getTime());
    const byCurrency = new Map<string, number[]>();
    for (const p of all)
      if (p.currency && p.price) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p.price]);
    const top = [...byCurrency.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    return {
      record,
      currency: top?.[0] ?? null,
      median: top ? median(top[1]) : null,
      volume: all.length,
      last: all.slice(0, 20).map((p) => ({
        currency: p.currency,
        price: p.price,
        count: p.count,
        prefixRecord: p.prefixRecord,
        suffixRecord: p.suffixRecord,
        settledOn: new Date(p.settledOn).toISOString(),
      })),
    };
  }
}

export function notificationView(n: NotificationDoc): TradeNotification {
  return {
    tradeNotificationId: n._id,
    seasonParticipantId: n.seasonParticipantId,
    offerFrom: n.offerFrom,
    status: n.status,
    listedItemName: n.listedItemName,
    offeredItems: n.offeredItems,
    createdOn: new Date(n.createdOn).toISOString(),
    acknowledgedOn: n.acknowledgedOn ? new Date(n.acknowledgedOn).toISOString() : null,
  };
}
