import { bootTrade, eventually, unique, type Body, type Harness } from './support';

jest.setTimeout(120_000);

/**
 * Beta stays secret in trade (issue 27): a beta season's participants, listings and prices are for testers
 * and admins; anyone else gets the 404 an unknown id gets, on every route that takes such an id.
 */
describe('beta trading is visible only to testers and admins', () => {
  let h: Harness;
  let betaSeason: number;
  const tester = { id: 0, username: '', token: '' };
  const player = { id: 0, username: '', token: '' };
  let otherTester = '';
  let admin = '';
  let betaListing: number;
  let betaItem: number;
  let prodOther: number;

  beforeAll(async () => {
    h = await bootTrade();
    betaSeason = h.season.id();
    tester.username = unique('Tester');
    tester.id = await h.season.participant(tester.username, { seasonId: betaSeason, isBeta: true });
    tester.token = await h.token(tester.username, ['tester']);
    player.username = unique('Player');
    player.id = await h.season.participant(player.username);
    player.token = await h.token(player.username);
    prodOther = await h.season.participant(unique('Other'), { seasonId: h.season.id() });
    otherTester = await h.token(unique('Tester'), ['tester']);
    admin = await h.token(unique('Admin'), ['admin']);
    const item = await h.season.item(tester, {
      seasonId: betaSeason,
      record: 'records/items/beta/secret_sword.dbr',
      name: 'Secret Beta Sword',
    });
    await eventually(async () => (await h.svc.store.stashItem(item.id)) !== null);
    await eventually(async () => (await h.svc.store.participant(player.id)) !== null);
    await eventually(async () => (await h.svc.store.participant(prodOther)) !== null);
    betaItem = item.id;
    const listed = await h.call('POST', `/trade/participant/${tester.id}/list-trade?branch=beta`, {
      token: tester.token,
      body: { participantItemId: item.id, count: 1, askingCurrency: 'Scrap', askingPrice: 3, sellerComment: null },
    });
    expect(listed.status).toBe(200);
    betaListing = listed.body.tradeListingId;
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  const participantRoutes = (): Array<[string, string, unknown?]> => [
    ['GET', `/trade/participant/${tester.id}/trade-listings`],
    ['GET', `/trade/participant/${tester.id}/trade-offers`],
    ['GET', `/trade/participant/${tester.id}/trade-offers/incoming`],
    ['GET', `/trade/participant/${tester.id}/trade-notifications`],
    ['GET', `/trade/participant/${tester.id}/trade-notifications/new`],
    ['GET', `/trade/participant/${tester.id}/ignored`],
    ['GET', `/trade/participant/${tester.id}/saved-searches`],
    ['GET', `/trade/participant/${tester.id}/events?access_token=${player.token}`],
    ['GET', `/trade/trade-search?seasonParticipantId=${tester.id}`],
    ['DELETE', `/trade/participant/${tester.id}/trade-listing/${betaListing}`],
  ];

  it('when a player names a tester’s beta participant on any participant route, then it is 404 as for an unknown id', async () => {
    for (const [method, path, body] of participantRoutes()) {
      const hidden = await h.call(method, path, { token: player.token, body });
      expect({ method, path, status: hidden.status }).toEqual({ method, path, status: 404 });
      expect(JSON.stringify(hidden.body)).not.toMatch(new RegExp(tester.username, 'i'));
    }
    // Another tester may know beta exists: the ordinary refusal; an admin reads it.
    const refused = await h.call('GET', `/trade/participant/${tester.id}/trade-listings`, { token: otherTester });
    expect(refused.status).toBe(403);
    const read = await h.call('GET', `/trade/participant/${tester.id}/trade-listings`, { token: admin });
    expect(read.status).toBe(200);
    expect((read.body as Body[]).map((l) => l.tradeListingId)).toEqual([betaListing]);
  });

  it('when a player blocks a beta participant, then it is 404; a prod player of another season is still 400', async () => {
    const hidden = await h.call('POST', `/trade/participant/${player.id}/ignore-participant-trade/${tester.id}`, {
      token: player.token,
    });
    expect(hidden.status).toBe(404);
    const other = await h.call('POST', `/trade/participant/${player.id}/ignore-participant-trade/${prodOther}`, {
      token: player.token,
    });
    expect(other).toMatchObject({ status: 400, body: { message: 'That player is in another season' } });
  });

  it('when a player names a beta listing in a buyout, an offer, an edit or a withdrawal, then it is 404', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['POST', `/trade/participant/${player.id}/buyout`, { tradeListingId: betaListing }],
      [
        'POST',
        `/trade/participant/${player.id}/trade-offer`,
        { tradeListingId: betaListing, comment: null, tradeOfferItems: [{ participantItemId: 1, count: 1 }] },
      ],
      [
        'PUT',
        `/trade/participant/${player.id}/trade-listing`,
        { tradeListingId: betaListing, askingCurrency: 'Scrap', askingPrice: 1, sellerComment: null },
      ],
      ['DELETE', `/trade/participant/${player.id}/trade-listing/${betaListing}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await h.call(method, path, { token: player.token, body });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 404,
        body: { message: 'Trade listing not found' },
      });
    }
  });

  it('when a player reads beta prices, then they get prod’s (nothing of beta), and a beta item is not found; a tester reads beta', async () => {
    // A beta sale, settled.
    const buyerName = unique('BetaBuyer');
    const buyer = await h.season.participant(buyerName, { seasonId: betaSeason, isBeta: true });
    await h.season.currencies(buyer, { Scrap: 10 });
    await eventually(async () => (await h.svc.store.currencies(buyer)) !== null);
    const bought = await h.call('POST', `/trade/participant/${buyer}/buyout?branch=beta`, {
      token: await h.token(buyerName, ['tester']),
      body: { tradeListingId: betaListing },
    });
    expect(bought.status).toBe(200);
    await h.season.completed(bought.body.settlementId, betaListing, null);
    const record = encodeURIComponent('records/items/beta/secret_sword.dbr');
    const seen = await eventually(async () => {
      const r = await h.call('GET', `/trade/price-history?record=${record}&branch=beta`, { token: tester.token });
      return r.body.volume > 0 && r;
    });
    expect(seen.body).toMatchObject({ volume: 1, median: 3 });
    for (const token of [undefined, player.token]) {
      const asked = await h.call('GET', `/trade/price-history?record=${record}&branch=beta`, { token });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ volume: 0, last: [] });
      const byItem = await h.call('GET', `/trade/price-history?participantItemId=${betaItem}&branch=beta`, { token });
      expect(byItem).toMatchObject({ status: 404, body: { message: 'Stash item not found' } });
    }
    const byItem = await h.call('GET', `/trade/price-history?participantItemId=${betaItem}&branch=beta`, {
      token: tester.token,
    });
    expect(byItem.status).toBe(200);
  });
});
