import type { EventData, reservationChangedV1, rolesChangedV1 } from '@league/contracts';
import type { ListingTerms, Reservation, StashItemDoc } from '../../data/stash/models';
import { rememberRoles, withStashItem, type StashContext } from './context';
import { saveLockedItem } from './store';

const KEEP_RELEASED = 200;

/**
 * trade.reservation-changed.v1: keeps trade's reservations on the item (a reserved item cannot be queued).
 * Keyed by reservationId: reserving again replaces the terms, releasing removes it and remembers the id,
 * so a late or repeated "reserved" for a released reservation is ignored. An item that is unknown or no
 * longer the participant's (it moved in a settlement) is left alone. A listing's reservation carries the
 * listing's terms (`tradeListingId`, `askingCurrency`, `askingPrice`, `sellerComment`), when it opens and each
 * time it is edited: they are what the stash row shows, so trade.listing-opened.v1 is not consumed here.
 */
export async function onReservationChanged(ctx: StashContext, e: EventData<typeof reservationChangedV1>) {
  const read = () => ctx.models.StashItem.findById(e.participantItemId, { outbox: 0 }).lean<StashItemDoc>();
  const inStash = (item: StashItemDoc | null): item is StashItemDoc =>
    item?.seasonParticipantId === e.seasonParticipantId;
  const releasedBefore = (item: StashItemDoc) =>
    item.releasedReservations.includes(e.reservationId) &&
    !item.reservations.some((r) => r.reservationId === e.reservationId);
  // A release with nothing left to do (the item moved in the settlement that consumed the reservation, or the
  // release came before) is seen without the locks, which the participant's next settlement may be holding:
  // an item leaves a stash only with its reservations released, and a released id is never reserved again.
  if (!e.reserved) {
    const item = await read();
    if (!inStash(item) || releasedBefore(item)) return;
  }
  await withStashItem(ctx, e.seasonParticipantId, e.participantItemId, async () => {
    const item = await read();
    if (!inStash(item)) {
      ctx.season.logger.info(
        { reservationId: e.reservationId, participantItemId: e.participantItemId },
        'reservation for an item not in that stash; ignored',
      );
      return;
    }
    const others = item.reservations.filter((r) => r.reservationId !== e.reservationId);
    if (e.reserved) {
      if (item.releasedReservations.includes(e.reservationId)) return;
      const reservation: Reservation = { reservationId: e.reservationId, kind: e.kind, count: e.count };
      const listing: ListingTerms | null =
        e.kind === 'listing'
          ? {
              tradeListingId: e.tradeListingId ?? item.listing?.tradeListingId ?? null,
              askingCurrency:
                e.askingCurrency !== undefined ? e.askingCurrency : (item.listing?.askingCurrency ?? null),
              askingPrice: e.askingPrice !== undefined ? e.askingPrice : (item.listing?.askingPrice ?? null),
              sellerComment: e.sellerComment !== undefined ? e.sellerComment : (item.listing?.sellerComment ?? null),
            }
          : item.listing;
      await saveLockedItem(ctx, item, { reservations: [...others, reservation], listing });
    } else {
      if (releasedBefore(item)) return;
      const released = [...item.releasedReservations, e.reservationId].slice(-KEEP_RELEASED);
      const stillListed = others.some((r) => r.kind === 'listing');
      await saveLockedItem(ctx, item, {
        reservations: others,
        releasedReservations: released,
        listing: stillListed ? item.listing : null,
      });
    }
  });
}

/** account.roles-changed.v1: a supporter's stash has no capacity limit. */
export async function onRolesChanged(ctx: StashContext, e: EventData<typeof rolesChangedV1>) {
  await rememberRoles(ctx, e.username, e.roles);
}
