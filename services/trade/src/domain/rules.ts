import type { ItemDisplay, TradeListing, TradeNotification } from '@league/contracts';
import { AppError } from '@league/platform';
import type { ListingDoc, NotificationDoc, OfferDoc, StashItemDoc } from './ports';

/** The level requirement shown for an item: the maximum over base item, prefix and suffix. */
export function levelOf(d: ItemDisplay): number {
  return Math.max(d.baseItem.levelRequirement, d.prefix?.levelRequirement ?? 0, d.suffix?.levelRequirement ?? 0);
}

/**
 * The stash's rarity filter class as season computes it (Legendary or Epic base; a monster infrequent base
 * is "Double Rare MI" with a rare prefix and suffix, else "Monster Infrequent"; otherwise "Double Rare
 * Affix" with a rare prefix and suffix, "Common" without affixes on a common base, else "Magical"). Used
 * when season's event did not carry the class; the display alone cannot tell a monster infrequent base.
 */
export function rarityClassOf(d: ItemDisplay): string {
  const base = d.baseItem.rarity;
  if (base === 'Legendary' || base === 'Epic') return base;
  const doubleRare = d.prefix?.rarity === 'Rare' && d.suffix?.rarity === 'Rare';
  if (base === 'Monster Infrequent') return doubleRare ? 'Double Rare MI' : 'Monster Infrequent';
  if (doubleRare) return 'Double Rare Affix';
  if (!d.prefix && !d.suffix && base === 'Common') return 'Common';
  return 'Magical';
}

/** Search tags that describe listing state rather than the item (every search hit is listed). */
const STATE_TAGS = new Set(['listedfortrade', 'notlistedfortrade']);

/** The stat tags a search asks for, from `filter` (tags joined by ';'). */
export function parseFilter(filter: string | undefined): string[] {
  return (filter ?? '')
    .split(';')
    .map((t) => t.trim())
    .filter((t) => t && !STATE_TAGS.has(t.toLowerCase()));
}

/** Why an item cannot be reserved for a listing or an offer now, or null when it can. */
export function itemUnavailable(
  item: StashItemDoc | null,
  ownerId: number,
  count: number,
): { status: 400 | 404 | 409; message: string } | null {
  if (!item || item.seasonParticipantId !== ownerId || item.stackCount <= 0)
    return { status: 404, message: 'Item not found in this stash' };
  if (item.held) return { status: 409, message: HELD_MESSAGE };
  if (!item.tradable) return { status: 400, message: 'Item cannot be traded' };
  if (item.queued) return { status: 400, message: 'Item is in the transfer queue' };
  if (count < 1 || count > item.stackCount)
    return { status: 400, message: `count must be between 1 and ${item.stackCount}` };
  return null;
}

/** Whether a stash change leaves a reservation of `count` of this item valid. */
export function stillValid(item: StashItemDoc, ownerId: number, count: number): boolean {
  return (
    item.seasonParticipantId === ownerId && item.stackCount >= count && !item.queued && item.tradable && !item.held
  );
}

/** Why a copy held as a suspected duplicate cannot be listed or offered (season holds it until an admin decides). */
export const HELD_MESSAGE =
  'This item is held for review as a suspected duplicate: it cannot be listed or offered until an admin has reviewed it';

/**
 * The refusal for a buyout or an offer on a listing that is not open: always 409 (the listing's state
 * conflicts with the request; a buyer who lost the race for it is told so however late their request ran),
 * with what happened to it.
 */
export function listingNotOpen(l: Pick<ListingDoc, 'state' | 'closedReason'>): AppError {
  if (l.state === 'settling') return AppError.conflict('This listing is already being settled');
  if (l.state === 'closed' && l.closedReason === 'settled') return AppError.conflict('This listing has been sold');
  return AppError.conflict('This listing is no longer open');
}

export const listingReservation = (listingId: number) => `listing:${listingId}`;
export const offerReservation = (offerId: number, itemId: number) => `offer:${offerId}:${itemId}`;

export function listingView(l: ListingDoc, maxCount = l.maxCount): TradeListing {
  return {
    tradeListingId: l._id,
    seasonParticipantId: l.seasonParticipantId,
    participantItemId: l.participantItemId,
    count: l.count,
    maxCount,
    sellerComment: l.sellerComment,
    askingCurrency: l.askingCurrency,
    askingPrice: l.askingPrice,
    owner: l.owner,
    itemDisplay: l.itemDisplay,
    itemName: l.itemName,
    state: l.state,
    createdOn: new Date(l.createdOn).toISOString(),
  };
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

/** The offered items as one line for a notification ("2x Scrap, Mythical Stormheart"). */
export function offeredItemsText(o: {
  items: ReadonlyArray<Pick<OfferDoc['items'][number], 'count' | 'itemName'>>;
}): string {
  return o.items.map((i) => (i.count > 1 ? `${i.count}x ${i.itemName}` : i.itemName)).join(', ');
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The key prices are kept under: the base record, case- and slash-insensitive. */
export const recordKey = (record: string) => record.replace(/\\/g, '/').trim().toLowerCase();
