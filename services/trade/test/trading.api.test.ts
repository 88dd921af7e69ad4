import { listingOpenedV1, reservationChangedV1, settlementCompletedV1, settlementRequestedV1 } from '@league/contracts';
import { bootTrade, eventually, unique, witness, type Body, type Harness } from './support';

jest.setTimeout(120_000);

let h: Harness;
let reservations: Awaited<ReturnType<typeof witness>>;
let requests: Awaited<ReturnType<typeof witness>>;
let openings: Awaited<ReturnType<typeof witness>>;

interface Trader {
  id: number;
  username: string;
  token: string;
}

beforeAll(async () => {
  h = await bootTrade();
  const mine = (e: { data: { seasonParticipantId?: number; seasonId?: number } }) =>
    e.data.seasonId === h.season.seasonId;
  reservations = await witness(reservationChangedV1.topic, () => true);
  requests = await witness(settlementRequestedV1.topic, mine);
  openings = await witness(listingOpenedV1.topic, mine);
}, 120_000);

afterAll(async () => {
  await Promise.all([reservations?.stop(), requests?.stop(), openings?.stop()]);
  await h?.stop();
});

/** A participant season announced, with optional balances, once trade's read model has it. */
async function trader(
  opts: { seasonTypeId?: number; seasonId?: number; balances?: Record<string, number> } = {},
): Promise<Trader> {
  const username = unique('Trader');
  const id = await h.season.participant(username, opts);
  if (opts.balances) await h.season.currencies(id, opts.balances);
  await eventually(async () => (await h.svc.store.participant(id)) !== null);
  if (opts.balances) await eventually(async () => (await h.svc.store.currencies(id)) !== null);
  return { id, username, token: await h.token(username) };
}

async function item(owner: Trader, fields: Parameters<Harness['season']['item']>[1] = {}, itemId?: number) {
  const r = await h.season.item(owner, fields, itemId);
  await eventually(async () => ((await h.svc.store.stashItem(r.id))?.version ?? 0) >= r.version);
  return r.id;
}

const list = (t: Trader, body: Record<string, unknown>) =>
  h.call('POST', `/trade/participant/${t.id}/list-trade?branch=prod`, { token: t.token, body });

const priced = (participantItemId: number, price = 10, currency = 'Scrap') => ({
  participantItemId,
  count: 1,
  askingCurrency: currency,
  askingPrice: price,
  sellerComment: 'gg',
});

async function listed(t: Trader, fields: Parameters<Harness['season']['item']>[1] = {}, price = 10) {
  const itemId = await item(t, fields);
  const res = await list(t, priced(itemId, price));
  expect(res.status).toBe(200);
  return res.body as Body;
}

const search = (t: Trader, q = '') =>
  h.call('GET', `/trade/trade-search?seasonParticipantId=${t.id}&page=1&pageSize=100&branch=prod${q}`, {
    token: t.token,
  });

const searchIds = async (t: Trader, q = '') => ((await search(t, q)).body.items as Body[]).map((l) => l.tradeListingId);

const settlementOf = (listingId: number) =>
  eventually(async () =>
    requests.seen.find((e) => e.data.tradeListingId === listingId && e.data.seasonId === h.season.seasonId),
  );

describe('listing an item', () => {
  it('when a trader lists a tradable item, then the listing comes back with its display, is reserved and announced', async () => {
    const seller = await trader();
    const itemId = await item(seller, { name: 'Mythical Stormheart', stackCount: 3 });
    const res = await list(seller, { ...priced(itemId, 25), count: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      seasonParticipantId: seller.id,
      participantItemId: itemId,
      count: 2,
      maxCount: 3,
      askingCurrency: 'Scrap',
      askingPrice: 25,
      sellerComment: 'gg',
      owner: seller.username,
      itemName: 'Mythical Stormheart',
      state: 'open',
    });
    expect(res.body.itemDisplay.baseItem.itemDbrTag.name).toBe('Mythical Stormheart');
    const id = res.body.tradeListingId as number;
    const reserved = await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `listing:${id}` && e.data.participantItemId === itemId),
    );
    expect(reserved.data).toMatchObject({
      seasonParticipantId: seller.id,
      count: 2,
      kind: 'listing',
      reserved: true,
      tradeListingId: id,
      askingCurrency: 'Scrap',
      askingPrice: 25,
      sellerComment: 'gg',
    });
    await eventually(async () => openings.seen.find((e) => e.data.tradeListingId === id));
    const mine = await h.call('GET', `/trade/participant/${seller.id}/trade-listings?branch=prod`, {
      token: seller.token,
    });
    expect(mine.body.map((l: Body) => l.tradeListingId)).toEqual([id]);
  });

  it('when a listing is offers-only, then currency and price are both null', async () => {
    const seller = await trader();
    const itemId = await item(seller);
    const res = await list(seller, {
      participantItemId: itemId,
      count: 1,
      askingCurrency: null,
      askingPrice: null,
      sellerComment: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ askingCurrency: null, askingPrice: null });
  });

  it('when the input or the item is wrong, then each answers its 4xx with a message and nothing is listed', async () => {
    const seller = await trader();
    const stranger = await trader();
    const ssf = await trader({ seasonTypeId: 2 });
    const ok = await item(seller, { stackCount: 2 });
    const locked = await item(seller, { tradable: false });
    const queued = await item(seller, { queued: true });
    const gone = await item(seller, { stackCount: 0 });
    const theirs = await item(stranger);
    const ssfItem = await item(ssf);
    const cases: Array<[string, Promise<{ status: number; body: Body }>, number, RegExp?]> = [
      ['no token', h.call('POST', `/trade/participant/${seller.id}/list-trade`, { body: priced(ok) }), 401],
      ['someone else’s participant', list({ ...seller, token: stranger.token }, priced(ok)), 403],
      ['unknown participant', list({ ...seller, id: h.season.id() }, priced(ok)), 404],
      ['hardcore season', list(ssf, priced(ssfItem)), 400, /trade seasons/],
      ['not tradable', list(seller, priced(locked)), 400, /^Item cannot be traded$/],
      ['queued', list(seller, priced(queued)), 400, /transfer queue/],
      ['gone', list(seller, priced(gone)), 404],
      ['another’s item', list(seller, priced(theirs)), 404],
      ['count 0', list(seller, { ...priced(ok), count: 0 }), 400, /count/],
      ['count above the stack', list(seller, { ...priced(ok), count: 3 }), 400, /between 1 and 2/],
      ['unknown currency', list(seller, priced(ok, 10, 'Gold')), 400, /askingCurrency/],
      ['price 0', list(seller, priced(ok, 0)), 400, /askingPrice/],
      ['currency without price', list(seller, { ...priced(ok), askingPrice: null }), 400, /together/],
      ['price without currency', list(seller, { ...priced(ok), askingCurrency: null }), 400, /together/],
      ['id not a number', list(seller, { ...priced(ok), participantItemId: 'x' }), 400],
      [
        'bad branch',
        h.call('POST', `/trade/participant/${seller.id}/list-trade?branch=qa`, {
          token: seller.token,
          body: priced(ok),
        }),
        400,
      ],
    ];
    for (const [name, call, status, message] of cases) {
      const res = await call;
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toMatch(message);
    }
    const mine = await h.call('GET', `/trade/participant/${seller.id}/trade-listings`, { token: seller.token });
    expect(mine.body).toEqual([]);
  });

  it('when an item is listed twice (even at once), then exactly one listing exists', async () => {
    const seller = await trader();
    const itemId = await item(seller);
    const results = await Promise.all(Array.from({ length: 5 }, () => list(seller, priced(itemId))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => /already listed/.test(r.body.message))).toBe(true);
  });

  it('when the owner edits and then deletes a listing, then the price changes, then the item is released and free again', async () => {
    const seller = await trader();
    const other = await trader();
    const l = await listed(seller);
    const edit = (t: Trader, body: Record<string, unknown>) =>
      h.call('PUT', `/trade/participant/${t.id}/trade-listing`, { token: t.token, body });
    expect(
      (
        await edit(other, {
          tradeListingId: l.tradeListingId,
          askingCurrency: 'Scrap',
          askingPrice: 3,
          sellerComment: '',
        })
      ).status,
    ).toBe(403);
    expect(
      (await edit(seller, { tradeListingId: l.tradeListingId, askingCurrency: 'Nope', askingPrice: 3 })).status,
    ).toBe(400);
    expect((await edit(seller, { tradeListingId: 999_999_999, askingCurrency: 'Scrap', askingPrice: 3 })).status).toBe(
      404,
    );
    const changed = await edit(seller, {
      tradeListingId: l.tradeListingId,
      askingCurrency: 'Iron Bar',
      askingPrice: 7,
      sellerComment: 'cheaper',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ askingCurrency: 'Iron Bar', askingPrice: 7, sellerComment: 'cheaper' });
    // The reservation goes out again with the new terms (season shows them on the stash row).
    await eventually(async () =>
      reservations.seen.find(
        (e) => e.data.reservationId === `listing:${l.tradeListingId}` && e.data.reserved && e.data.askingPrice === 7,
      ),
    );
    expect(
      (
        await h.call('DELETE', `/trade/participant/${other.id}/trade-listing/${l.tradeListingId}`, {
          token: other.token,
        })
      ).status,
    ).toBe(403);
    const del = await h.call('DELETE', `/trade/participant/${seller.id}/trade-listing/${l.tradeListingId}`, {
      token: seller.token,
    });
    expect(del.status).toBe(204);
    await eventually(async () =>
      reservations.seen.find(
        (e) => e.data.reservationId === `listing:${l.tradeListingId}` && e.data.reserved === false,
      ),
    );
    expect(
      (
        await h.call('DELETE', `/trade/participant/${seller.id}/trade-listing/${l.tradeListingId}`, {
          token: seller.token,
        })
      ).status,
    ).toBe(404);
    expect((await list(seller, priced(l.participantItemId))).status).toBe(200);
  });
});

describe('searching', () => {
  it('when a trader searches, then others’ open listings of the same season show, filtered, and never their own', async () => {
    const buyer = await trader();
    const seller = await trader();
    const elsewhere = await trader({ seasonId: h.season.id() });
    const ring = await listed(seller, {
      name: 'Band of Rah',
      itemTypeId: 19,
      rarity: 'Legendary',
      level: 90,
      statTags: ['offensiveFire'],
    });
    const helm = await listed(seller, { name: 'Crown of Ice (S)', itemTypeId: 12, rarity: 'Epic', level: 60 });
    const own = await listed(buyer, { name: 'My Own Thing' });
    const far = await listed(elsewhere, { name: 'Far Away Ring', seasonId: undefined });
    expect(await searchIds(buyer)).toEqual(expect.arrayContaining([ring.tradeListingId, helm.tradeListingId]));
    expect(await searchIds(buyer)).not.toContain(own.tradeListingId);
    expect(await searchIds(buyer)).not.toContain(far.tradeListingId);
    expect(await searchIds(buyer, '&itemType=12')).toEqual([helm.tradeListingId]);
    expect(await searchIds(buyer, '&rarity=Legendary&itemType=19')).toContain(ring.tradeListingId);
    expect(await searchIds(buyer, '&rarity=Legendary&itemType=19')).not.toContain(helm.tradeListingId);
    expect(await searchIds(buyer, '&searchTerm=band%20OF')).toEqual([ring.tradeListingId]);
    expect(await searchIds(buyer, '&minLevel=61&maxLevel=95&itemType=19')).toContain(ring.tradeListingId);
    expect(await searchIds(buyer, '&minLevel=61&itemType=12')).toEqual([]);
    expect(await searchIds(buyer, '&filter=offensiveFire')).toEqual([ring.tradeListingId]);
    expect(await searchIds(buyer, '&filter=setItem')).toEqual([helm.tradeListingId]);
    const page = await h.call('GET', `/trade/trade-search?seasonParticipantId=${buyer.id}&page=2&pageSize=10`, {
      token: buyer.token,
    });
    expect(page.body.items).toEqual([]);
    expect(page.body.itemCount).toBeGreaterThanOrEqual(2);
    expect(
      (await h.call('GET', `/trade/trade-search?seasonParticipantId=${buyer.id}&pageSize=7`, { token: buyer.token }))
        .status,
    ).toBe(400);
    expect(
      (await h.call('GET', `/trade/trade-search?seasonParticipantId=${buyer.id}`, { token: seller.token })).status,
    ).toBe(403);
    expect((await h.call('GET', `/trade/trade-search?seasonParticipantId=${buyer.id}`)).status).toBe(401);
    expect((await h.call('GET', `/trade/trade-search?seasonParticipantId=abc`, { token: buyer.token })).status).toBe(
      400,
    );
  });

  it('when the index is rebuilt from the store (a restart), then it answers the same', async () => {
    const buyer = await trader();
    const seller = await trader();
    await listed(seller);
    const before = await search(buyer);
    await h.svc.reloadIndex();
    expect((await search(buyer)).body).toEqual(before.body);
  });
});

describe('offers', () => {
  it('when a trader offers own items, then they are reserved, the owner sees it incoming with a notification, and the rules hold', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller, { name: 'Wanted Ring' });
    const a = await item(buyer, { name: 'Gem', stackCount: 10 });
    const b = await item(buyer, { name: 'Relic' });
    const locked = await item(buyer, { tradable: false });
    const sellers = await item(seller);
    const offer = (t: Trader, body: Record<string, unknown>) =>
      h.call('POST', `/trade/participant/${t.id}/trade-offer?branch=prod`, { token: t.token, body });
    const body = (items: Array<[number, number]>) => ({
      tradeListingId: l.tradeListingId,
      comment: 'deal?',
      tradeOfferItems: items.map(([participantItemId, count]) => ({ participantItemId, count })),
    });
    const bad: Array<[string, Promise<{ status: number; body: Body }>, number]> = [
      [
        'same item twice',
        offer(
          buyer,
          body([
            [a, 1],
            [a, 2],
          ]),
        ),
        400,
      ],
      ['count above stack', offer(buyer, body([[a, 11]])), 400],
      ['count 0', offer(buyer, body([[a, 0]])), 400],
      ['no items', offer(buyer, body([])), 400],
      ['not tradable', offer(buyer, body([[locked, 1]])), 400],
      ['someone else’s item', offer(buyer, body([[sellers, 1]])), 404],
      ['own listing', offer(seller, body([[sellers, 1]])), 400],
      ['unknown listing', offer(buyer, { ...body([[a, 1]]), tradeListingId: 999_999_999 }), 404],
      ['not my participant', offer({ ...buyer, token: seller.token }, body([[a, 1]])), 403],
    ];
    for (const [name, call, status] of bad) expect({ name, status: (await call).status }).toEqual({ name, status });

    const made = await offer(
      buyer,
      body([
        [a, 3],
        [b, 1],
      ]),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      tradeListingId: l.tradeListingId,
      participantItemId: l.participantItemId,
      seasonParticipantId: buyer.id,
      comment: 'deal?',
      offerFrom: buyer.username,
      tradeListing: { tradeListingId: l.tradeListingId },
    });
    expect(made.body.tradeOfferItems).toEqual([
      expect.objectContaining({ participantItemId: a, count: 3, maxCount: 10, itemName: 'Gem' }),
      expect.objectContaining({ participantItemId: b, count: 1, maxCount: 1 }),
    ]);
    const offerId = made.body.tradeOfferId as number;
    await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `offer:${offerId}:${a}` && e.data.reserved),
    );
    expect((await offer(buyer, body([[a, 1]]))).body.message).toMatch(/already offered/);
    expect((await list(buyer, priced(a))).body.message).toMatch(/already offered/);

    const incoming = await h.call('GET', `/trade/participant/${seller.id}/trade-offers/incoming`, {
      token: seller.token,
    });
    expect(incoming.body.map((o: Body) => o.tradeOfferId)).toEqual([offerId]);
    const outgoing = await h.call('GET', `/trade/participant/${buyer.id}/trade-offers`, { token: buyer.token });
    expect(outgoing.body.map((o: Body) => o.tradeOfferId)).toEqual([offerId]);
    const notes = await h.call('GET', `/trade/participant/${seller.id}/trade-notifications`, { token: seller.token });
    expect(notes.body).toEqual([
      expect.objectContaining({
        status: 'Incoming',
        offerFrom: buyer.username,
        listedItemName: 'Wanted Ring',
        offeredItems: `3x Gem, Relic`,
        acknowledgedOn: null,
      }),
    ]);

    expect(
      (await h.call('DELETE', `/trade/participant/${seller.id}/trade-offer/${offerId}`, { token: seller.token }))
        .status,
    ).toBe(403);
    expect(
      (await h.call('DELETE', `/trade/participant/${buyer.id}/trade-offer/${offerId}`, { token: buyer.token })).status,
    ).toBe(204);
    await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `offer:${offerId}:${b}` && !e.data.reserved),
    );
    expect(
      (await h.call('GET', `/trade/participant/${seller.id}/trade-offers/incoming`, { token: seller.token })).body,
    ).toEqual([]);
    expect(
      (await h.call('DELETE', `/trade/participant/${buyer.id}/trade-offer/${offerId}`, { token: buyer.token })).status,
    ).toBe(404);
  });

  it('when the owner rejects an offer, then it goes, its items are released and the offerer is told; only the owner may answer', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller, { name: 'Rejected Ring' });
    const a = await item(buyer, { name: 'Pebble' });
    const made = await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId, comment: null, tradeOfferItems: [{ participantItemId: a, count: 1 }] },
    });
    const offerId = made.body.tradeOfferId as number;
    const respond = (t: Trader, accepted: string) =>
      h.call('POST', `/trade/participant/${t.id}/trade-offer/${offerId}/response?accepted=${accepted}&branch=prod`, {
        token: t.token,
      });
    expect((await respond(buyer, 'false')).status).toBe(403);
    expect((await respond(seller, 'maybe')).status).toBe(400);
    expect((await respond(seller, 'false')).status).toBe(200);
    // An answer to an offer no longer open conflicts with its state (bb63d78): 409, as for a listing.
    expect((await respond(seller, 'false')).status).toBe(409);
    await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `offer:${offerId}:${a}` && !e.data.reserved),
    );
    const notes = await h.call('GET', `/trade/participant/${buyer.id}/trade-notifications`, { token: buyer.token });
    expect(notes.body).toEqual([
      expect.objectContaining({ status: 'Rejected', offerFrom: seller.username, listedItemName: 'Rejected Ring' }),
    ]);
    const listing = await h.svc.store.listing(l.tradeListingId);
    expect(listing?.state).toBe('open');
  });
});

describe('the settlement saga', () => {
  it('when a buyer buys out, then the listing settles; on completion it closes, the seller is told, other offers go, prices are kept; a redelivery changes nothing', async () => {
    const seller = await trader();
    const buyer = await trader({ balances: { Scrap: 100 } });
    const poor = await trader({ balances: { Scrap: 2 } });
    const other = await trader();
    const l = await listed(
      seller,
      { name: 'Sold Ring', record: 'records/items/test/soldring.dbr', prefixRecord: 'records/p/fire.dbr' },
      10,
    );
    const gift = await item(other, { name: 'Spare' });
    const offer = await h.call('POST', `/trade/participant/${other.id}/trade-offer`, {
      token: other.token,
      body: {
        tradeListingId: l.tradeListingId,
        comment: null,
        tradeOfferItems: [{ participantItemId: gift, count: 1 }],
      },
    });
    expect(offer.status).toBe(200);
    const buy = (t: Trader) =>
      h.call('POST', `/trade/participant/${t.id}/buyout?branch=prod`, {
        token: t.token,
        body: { tradeListingId: l.tradeListingId },
      });
    const tooPoor = await buy(poor);
    expect(tooPoor.status).toBe(400);
    expect(tooPoor.body.message).toMatch(/2 Scrap/);
    expect((await buy(seller)).status).toBe(400);
    const ok = await buy(buyer);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ tradeListingId: l.tradeListingId, state: 'settling' });
    expect((await buy(buyer)).status).toBe(409);
    expect(await searchIds(other)).not.toContain(l.tradeListingId);

    const requested = await settlementOf(l.tradeListingId);
    expect(requested.data).toMatchObject({
      settlementId: ok.body.settlementId,
      tradeOfferId: null,
      sellerParticipantId: seller.id,
      buyerParticipantId: buyer.id,
      item: { participantItemId: l.participantItemId, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 10 },
    });

    const done = await h.season.completed(ok.body.settlementId, l.tradeListingId, null);
    await eventually(async () => (await h.svc.store.listing(l.tradeListingId))?.state === 'closed');
    const sellerNotes = await eventually(async () => {
      const r = await h.call('GET', `/trade/participant/${seller.id}/trade-notifications`, { token: seller.token });
      return r.body.some((n: Body) => n.status === 'Bought Out') && r.body;
    });
    expect(sellerNotes.find((n: Body) => n.status === 'Bought Out')).toMatchObject({
      offerFrom: buyer.username,
      listedItemName: 'Sold Ring',
      offeredItems: '10 Scrap',
    });
    const otherNotes = await eventually(async () => {
      const r = await h.call('GET', `/trade/participant/${other.id}/trade-notifications`, { token: other.token });
      return r.body.length > 0 && r.body;
    });
    expect(otherNotes).toEqual([expect.objectContaining({ status: 'Rejected', listedItemName: 'Sold Ring' })]);
    await eventually(async () =>
      reservations.seen.find(
        (e) => e.data.reservationId === `offer:${offer.body.tradeOfferId}:${gift}` && !e.data.reserved,
      ),
    );
    await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `listing:${l.tradeListingId}` && !e.data.reserved),
    );
    const history = await eventually(async () => {
      const r = await h.call(
        'GET',
        `/trade/price-history?record=${encodeURIComponent('records/items/test/SoldRing.dbr')}&branch=prod`,
      );
      return r.body.volume > 0 && r;
    });
    expect(history.body).toMatchObject({ currency: 'Scrap', median: 10, volume: 1 });
    expect(history.body.last).toEqual([
      expect.objectContaining({ price: 10, currency: 'Scrap', prefixRecord: 'records/p/fire.dbr' }),
    ]);
    // The screens know the listed item, not its record: the trade service looks the record up (the sold
    // item is still known). Neither or both of record and item is a 400; an unknown item a 404.
    const byItem = await h.call('GET', `/trade/price-history?participantItemId=${l.participantItemId}&branch=prod`);
    expect(byItem.status).toBe(200);
    expect(byItem.body).toEqual({ ...history.body, record: 'records/items/test/soldring.dbr' });
    expect((await h.call('GET', '/trade/price-history')).status).toBe(400);
    expect(
      (await h.call('GET', `/trade/price-history?record=x.dbr&participantItemId=${l.participantItemId}`)).body,
    ).toEqual({ message: 'Give either record or participantItemId' });
    const unknown = await h.call('GET', '/trade/price-history?participantItemId=999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Stash item not found');

    // The same completion delivered again (same event id), and a late duplicate with a new id.
    const snapshot = async () => ({
      listing: await h.svc.store.listing(l.tradeListingId),
      seller: (await h.svc.store.notificationsOf(seller.id)).length,
      other: (await h.svc.store.notificationsOf(other.id)).length,
      prices: (await h.call('GET', `/trade/price-history?record=records/items/test/soldring.dbr`)).body.volume,
    });
    const before = await snapshot();
    await h.season.bus.publishEnvelope(settlementCompletedV1.topic, done, String(l.tradeListingId));
    await h.season.completed(ok.body.settlementId, l.tradeListingId, null);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await snapshot()).toEqual(before);
  });

  it('when trade died after closing the listing but before the rest, then the redelivered completion finishes the rest once', async () => {
    const seller = await trader();
    const buyer = await trader({ balances: { Scrap: 50 } });
    const other = await trader();
    const l = await listed(seller, { name: 'Crash Ring' }, 5);
    const gift = await item(other);
    const offer = await h.call('POST', `/trade/participant/${other.id}/trade-offer`, {
      token: other.token,
      body: {
        tradeListingId: l.tradeListingId,
        comment: null,
        tradeOfferItems: [{ participantItemId: gift, count: 1 }],
      },
    });
    const ok = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    expect(ok.status).toBe(200);
    // The first delivery's first write (listing closed), then the process died: no offers dropped, no notes.
    const settling = await h.svc.store.listing(l.tradeListingId);
    await h.svc.store.updateListing(
      l.tradeListingId,
      ['settling'],
      { state: 'closed', settlement: settling!.settlement },
      [],
    );
    expect((await h.svc.store.offer(offer.body.tradeOfferId))?.state).toBe('open');
    await h.season.completed(ok.body.settlementId, l.tradeListingId, null);
    await eventually(async () => (await h.svc.store.offer(offer.body.tradeOfferId))?.state === 'rejected');
    const sellerNotes = await eventually(async () => {
      const n = await h.svc.store.notificationsOf(seller.id);
      return n.some((x) => x.status === 'Bought Out') && n;
    });
    expect(sellerNotes.filter((x) => x.status === 'Bought Out')).toHaveLength(1);
    const path = `/trade/price-history?record=${encodeURIComponent(`records/items/test/${l.participantItemId}.dbr`)}`;
    const history = await eventually(async () => {
      const r = await h.call('GET', path);
      return r.body.volume > 0 && r.body;
    });
    expect(history).toMatchObject({ volume: 1, median: 5 });
  });

  it('when season reports the settlement failed, then the listing reopens and can be bought again', async () => {
    const seller = await trader();
    const buyer = await trader({ balances: { Scrap: 50 } });
    const l = await listed(seller, {}, 5);
    const ok = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    expect(ok.status).toBe(200);
    await h.season.failed(ok.body.settlementId, l.tradeListingId, null);
    await eventually(async () => (await h.svc.store.listing(l.tradeListingId))?.state === 'open');
    expect(await searchIds(buyer)).toContain(l.tradeListingId);
    // A stale failure of that settlement (now over) changes nothing.
    const again = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    expect(again.status).toBe(200);
    await h.season.failed(ok.body.settlementId, l.tradeListingId, null);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await h.svc.store.listing(l.tradeListingId))?.state).toBe('settling');
  });

  it('when 50 buyouts of one listing arrive at once, then exactly one settles and 49 get 409', async () => {
    const seller = await trader();
    const buyers = await Promise.all(Array.from({ length: 5 }, () => trader({ balances: { Scrap: 1_000 } })));
    const l = await listed(seller, {}, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const b = buyers[i % buyers.length]!;
        return h.call('POST', `/trade/participant/${b.id}/buyout`, {
          token: b.token,
          body: { tradeListingId: l.tradeListingId },
        });
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await eventually(async () => requests.seen.filter((e) => e.data.tradeListingId === l.tradeListingId).length === 1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(requests.seen.filter((e) => e.data.tradeListingId === l.tradeListingId)).toHaveLength(1);
  });

  it('when the owner accepts an offer, then it settles with the offered items and the offerer is told Accepted', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller, { name: 'Traded Ring' });
    const a = await item(buyer, { name: 'Ore', stackCount: 4 });
    const made = await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: {
        tradeListingId: l.tradeListingId,
        comment: 'for ore',
        tradeOfferItems: [{ participantItemId: a, count: 4 }],
      },
    });
    const offerId = made.body.tradeOfferId as number;
    const accept = await h.call(
      'POST',
      `/trade/participant/${seller.id}/trade-offer/${offerId}/response?accepted=true`,
      { token: seller.token },
    );
    expect(accept.status).toBe(200);
    expect(
      (await h.call('DELETE', `/trade/participant/${buyer.id}/trade-offer/${offerId}`, { token: buyer.token })).status,
    ).toBe(409);
    const requested = await settlementOf(l.tradeListingId);
    expect(requested.data).toMatchObject({
      tradeOfferId: offerId,
      buyerParticipantId: buyer.id,
      payment: { kind: 'items', items: [{ participantItemId: a, count: 4 }] },
    });
    // Season moved the ore: its stash item is gone, which must not cancel the offer being settled.
    await item(buyer, { stackCount: 0 }, a);
    await h.season.completed(accept.body.settlementId, l.tradeListingId, offerId);
    const notes = await eventually(async () => {
      const r = await h.call('GET', `/trade/participant/${buyer.id}/trade-notifications`, { token: buyer.token });
      return r.body.length > 0 && r.body;
    });
    expect(notes).toEqual([
      expect.objectContaining({
        status: 'Accepted',
        offerFrom: seller.username,
        listedItemName: 'Traded Ring',
        offeredItems: '4x Ore',
      }),
    ]);
    expect((await h.svc.store.offer(offerId))?.state).toBe('accepted');
  });
});

describe('stash changes', () => {
  it('when a listed item is queued or shrinks below the listed count, then the listing is cancelled and released; an older version is ignored', async () => {
    const seller = await trader();
    const buyer = await trader();
    const itemId = await item(seller, { stackCount: 5 });
    const l = (await list(seller, { ...priced(itemId), count: 4 })).body;
    // An older version arriving late changes nothing.
    await h.season.item(seller, { stackCount: 1, version: 1 }, itemId);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await h.svc.store.listing(l.tradeListingId))?.state).toBe('open');
    await item(seller, { stackCount: 3 }, itemId);
    await eventually(async () => (await h.svc.store.listing(l.tradeListingId))?.state === 'cancelled');
    expect(await searchIds(buyer)).not.toContain(l.tradeListingId);
    await eventually(async () =>
      reservations.seen.find((e) => e.data.reservationId === `listing:${l.tradeListingId}` && !e.data.reserved),
    );

    const offered = await item(buyer, { stackCount: 2 });
    const l2 = await listed(seller);
    const o = await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: {
        tradeListingId: l2.tradeListingId,
        comment: null,
        tradeOfferItems: [{ participantItemId: offered, count: 2 }],
      },
    });
    expect(o.status).toBe(200);
    await item(buyer, { stackCount: 2, queued: true }, offered);
    await eventually(async () => (await h.svc.store.offer(o.body.tradeOfferId))?.state === 'dropped');
  });
});

describe('blocking', () => {
  it('when a trader blocks another, then listings and offers are hidden both ways and pending offers go; unblocking shows them again', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller);
    const mineL = await listed(buyer);
    const a = await item(buyer);
    const o = await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId, comment: null, tradeOfferItems: [{ participantItemId: a, count: 1 }] },
    });
    expect(o.status).toBe(200);
    const block = (path: string, t: Trader = seller) =>
      h.call('POST', `/trade/participant/${t.id}/${path}`, { token: t.token });
    expect((await block(`ignore-participant-trade/${seller.id}`)).status).toBe(400);
    expect((await block(`ignore-participant-trade/${h.season.id()}`)).status).toBe(404);
    expect(
      (
        await h.call('POST', `/trade/participant/${seller.id}/ignore-participant-trade/${buyer.id}`, {
          token: buyer.token,
        })
      ).status,
    ).toBe(403);
    expect((await block(`ignore-participant-trade/${buyer.id}`)).status).toBe(204);
    expect((await block(`ignore-participant-trade/${buyer.id}`)).status).toBe(204);
    const ignored = await h.call('GET', `/trade/participant/${seller.id}/ignored`, { token: seller.token });
    expect(ignored.body).toEqual([{ ignoredParticipantId: buyer.id, ignoredUsername: buyer.username }]);
    expect((await h.svc.store.offer(o.body.tradeOfferId))?.state).toBe('dropped');
    expect(await searchIds(buyer)).not.toContain(l.tradeListingId);
    expect(await searchIds(seller)).not.toContain(mineL.tradeListingId);
    const again = await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId, comment: null, tradeOfferItems: [{ participantItemId: a, count: 1 }] },
    });
    expect(again.status).toBe(403);
    expect((await block(`unignore-participant-trade/${buyer.id}`)).status).toBe(204);
    expect((await h.call('GET', `/trade/participant/${seller.id}/ignored`, { token: seller.token })).body).toEqual([]);
    expect(await searchIds(buyer)).toContain(l.tradeListingId);
  });
});

describe('notifications', () => {
  it('when notifications are read, counted for the launcher and acknowledged, then only the owner may, and the count drops', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller);
    for (let i = 0; i < 2; i += 1) {
      const a = await item(buyer);
      await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
        token: buyer.token,
        body: {
          tradeListingId: l.tradeListingId,
          comment: null,
          tradeOfferItems: [{ participantItemId: a, count: 1 }],
        },
      });
    }
    const count = await fetch(`${h.svc.url}/Trade/participant/${seller.id}/trade-notifications/new?branch=prod`, {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(count.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await count.text()).toBe('2');
    expect(
      (await h.call('GET', `/trade/participant/${seller.id}/trade-notifications/new`, { token: buyer.token })).status,
    ).toBe(403);
    const notes = (await h.call('GET', `/trade/participant/${seller.id}/trade-notifications`, { token: seller.token }))
      .body as Body[];
    const ack = (t: Trader, body: unknown) =>
      h.call('POST', `/trade/participant/${seller.id}/acknowledge-trade-notifications`, { token: t.token, body });
    expect((await ack(buyer, [notes[0].tradeNotificationId])).status).toBe(403);
    expect((await ack(seller, ['x'])).status).toBe(400);
    expect((await ack(seller, { ids: [1] })).status).toBe(400);
    expect((await ack(seller, [notes[0].tradeNotificationId])).body).toEqual({ acknowledged: 1 });
    expect(
      (await h.call('GET', `/trade/participant/${seller.id}/trade-notifications/new`, { token: seller.token })).body,
    ).toBe(1);
    const after = (await h.call('GET', `/trade/participant/${seller.id}/trade-notifications`, { token: seller.token }))
      .body as Body[];
    expect(after.find((n) => n.tradeNotificationId === notes[0].tradeNotificationId).acknowledgedOn).not.toBeNull();
  });

  it('when the client posts a notification (compatibility), then only to its own participant and with a known status', async () => {
    const me = await trader();
    const other = await trader();
    const post = (body: Record<string, unknown>, token = me.token) =>
      h.call('POST', '/trade/trade-notification', { token, body });
    const note = {
      seasonParticipantId: me.id,
      offerFrom: 'someone',
      listedItemName: 'Ring',
      offeredItems: 'Gem',
      status: 'Incoming',
    };
    expect((await post({ ...note, seasonParticipantId: other.id })).status).toBe(403);
    expect((await post({ ...note, status: 'Sold' })).status).toBe(400);
    expect((await post({ ...note, offerFrom: '' })).status).toBe(400);
    expect((await h.call('POST', '/trade/trade-notification', { body: note })).status).toBe(401);
    const ok = await post(note);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ seasonParticipantId: me.id, status: 'Incoming', acknowledgedOn: null });
  });

  it('when a page listens on the SSE stream (token as a query parameter), then an incoming offer and its notification arrive live', async () => {
    const seller = await trader();
    const buyer = await trader();
    const l = await listed(seller, { name: 'Live Ring' });
    expect((await fetch(`${h.svc.url}/trade/participant/${seller.id}/events`)).status).toBe(401);
    expect((await fetch(`${h.svc.url}/trade/participant/${seller.id}/events?access_token=${buyer.token}`)).status).toBe(
      403,
    );
    const controller = new AbortController();
    const res = await fetch(`${h.svc.url}/trade/participant/${seller.id}/events?access_token=${seller.token}`, {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil(/event: ready/);
    const a = await item(buyer, { name: 'Live Gem' });
    await h.call('POST', `/trade/participant/${buyer.id}/trade-offer`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId, comment: null, tradeOfferItems: [{ participantItemId: a, count: 1 }] },
    });
    await readUntil(/event: offer[\s\S]*event: notification|event: notification[\s\S]*event: offer/);
    controller.abort();
    expect(text).toMatch(/event: notification\ndata: .*"status":"Incoming"/);
    expect(text).toMatch(/event: offer\ndata: .*"Live Gem"/);
  });
});
