import type { FetchMock } from '@/test/serve';
import type { StashItem, TradeListing, TradeNotification, TradeOffer } from '../api/trade-types';

export { bodiesSent, calls, main, serve } from '@/test/serve';

export const tradeSeason = {
  seasonId: 18,
  displayName: 'Season 7 SC Trade',
  isBeta: false,
  seasonTypeId: 1,
  seasonNumber: 7,
  status: 'running',
};
export const ssfSeason = { ...tradeSeason, seasonId: 19, displayName: 'Season 7 HC SSF', seasonTypeId: 2 };

/** GET /season/profile: Player One in the trade ladder (participant 41), optionally in SSF too (42). */
export function profileBody({ ssf = false, trade = true } = {}) {
  const participants = [];
  if (trade) participants.push({ seasonParticipantId: 41, seasonId: 18, username: 'Player One', season: tradeSeason });
  if (ssf) participants.push({ seasonParticipantId: 42, seasonId: 19, username: 'Player One', season: ssfSeason });
  return { username: 'Player One', isPatreonConnected: false, seasonParticipants: participants };
}

const base = (name: string, rarity = 'Legendary', itemTypeId = 0, levelRequirement = 90) => ({
  itemDbrTag: { name },
  rarity,
  style: null,
  itemTypeId,
  levelRequirement,
});

export function stashItem(id: number, name: string, extra: Partial<StashItem> = {}): StashItem {
  return {
    participantItemId: id,
    seasonParticipantId: 41,
    baseItem: base(name),
    prefix: null,
    suffix: null,
    itemType: 'Sword',
    stackCount: 1,
    forTrade: false,
    tradable: true,
    askingCurrency: null,
    askingPrice: null,
    sellerComment: null,
    owner: 'Player One',
    transferToStash: false,
    reservedCount: 0,
    currency: null,
    ...extra,
  };
}

export function listing(id: number, name: string, extra: Partial<TradeListing> = {}): TradeListing {
  return {
    tradeListingId: id,
    seasonParticipantId: 51,
    participantItemId: 500 + id,
    count: 1,
    maxCount: 1,
    sellerComment: 'fair price',
    askingCurrency: 'Iron Bar',
    askingPrice: 10,
    owner: 'Player Two',
    itemDisplay: { baseItem: base(name), prefix: null, suffix: null, itemType: 'Sword' },
    itemName: name,
    state: 'open',
    ...extra,
  };
}

export function offer(
  id: number,
  listingId: number,
  from: string,
  fromId: number,
  extra: Partial<TradeOffer> = {},
): TradeOffer {
  return {
    tradeOfferId: id,
    tradeListingId: listingId,
    participantItemId: 900 + listingId,
    seasonParticipantId: fromId,
    comment: `offer ${id}`,
    tradeOfferItems: [
      {
        participantItemId: 700 + id,
        count: 2,
        maxCount: 5,
        itemDisplay: { baseItem: base(`Offered Ring ${id}`, 'Epic', 19), prefix: null, suffix: null, itemType: 'Ring' },
        itemName: `Offered Ring ${id}`,
      },
    ],
    offerFrom: from,
    tradeListing: listing(listingId, `Listed Blade ${listingId}`, { seasonParticipantId: 41, owner: 'Player One' }),
    ...extra,
  };
}

export function notification(id: number, status: string, acknowledgedOn: string | null = null): TradeNotification {
  return {
    tradeNotificationId: id,
    seasonParticipantId: 41,
    offerFrom: `Trader ${id}`,
    status,
    listedItemName: `Listed Item ${id}`,
    offeredItems: `Offered Item ${id}`,
    createdOn: '2024-11-01T10:00:00.000Z',
    acknowledgedOn,
  };
}

export function currencies(amounts: Record<string, number> = {}) {
  return ['Iron Bar', 'Scrap', 'Royal Jelly'].map((currency) => ({
    currency,
    recordPath: `records/${currency}.dbr`,
    amount: amounts[currency] ?? 0,
  }));
}

/** The query parameters of the last call to a path. */
export function lastQuery(fetchMock: FetchMock, path: string): URLSearchParams {
  const hits = fetchMock.mock.calls.filter(([url]) => url.split('?')[0] === path);
  const last = hits[hits.length - 1];
  if (!last) throw new Error(`no call to ${path}`);
  return new URLSearchParams(last[0].split('?')[1] ?? '');
}
