import { decodePositions, encodePositions } from '@league/platform';
import { reservationChangedV1, settlementRequestedV1, stashItemChangedV1 } from '@league/contracts';
import { bootTrade, eventually, unique, type Body, type Harness } from './support';

jest.setTimeout(120_000);

/**
 * Read-your-writes in trade (README "Read your own writes"): a buyout or an accepted offer answers once the
 * saga has ended (bounded), with the positions of what trade wrote; a refusal from trade's read models of
 * season's data is confirmed after catching up with season's topics; every write answers with its token.
 */
let h: Harness;

interface Trader {
  id: number;
  username: string;
  token: string;
}

beforeAll(async () => {
  // The fake season answers the saga when a test says so; a buyout waits for it up to 1.5 s.
  h = await bootTrade({ TRADE_SETTLEMENT_WAIT_MS: '1500' });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

async function trader(balances?: Record<string, number>): Promise<Trader> {
  const username = unique('Ryw');
  const id = await h.season.participant(username);
  if (balances) await h.season.currencies(id, balances);
  await eventually(async () => (await h.svc.store.participant(id)) !== null);
  if (balances) await eventually(async () => (await h.svc.store.currencies(id)) !== null);
  return { id, username, token: await h.token(username) };
}

async function listed(t: Trader, price = 10) {
  const r = await h.season.item(t);
  await eventually(async () => (await h.svc.store.stashItem(r.id)) !== null);
  const res = await h.call('POST', `/trade/participant/${t.id}/list-trade`, {
    token: t.token,
    body: { participantItemId: r.id, count: 1, askingCurrency: 'Scrap', askingPrice: price, sellerComment: null },
  });
  expect(res.status).toBe(200);
  return res.body as Body;
}

/** Season's reply `afterMs` after trade asked for the settlement of this listing. */
function replyLater(listingId: number, afterMs: number, reply: 'completed' | 'failed') {
  return (async () => {
    const l = await eventually(async () => {
      const doc = await h.svc.store.listing(listingId);
      return doc?.state === 'settling' && doc;
    });
    await new Promise((r) => setTimeout(r, afterMs));
    const id = l.settlement!.settlementId;
    if (reply === 'completed') await h.season.completed(id, listingId, null);
    else await h.season.failed(id, listingId, null, 'The buyer holds 0 Scrap, not 10');
  })();
}

describe('a buyout answers once the saga has ended', () => {
  it('when season completes the settlement, then the buyout answers completed, with the seller told and the listing closed', async () => {
    const seller = await trader();
    const buyer = await trader({ Scrap: 50 });
    const l = await listed(seller);
    const reply = replyLater(l.tradeListingId, 300, 'completed');
    const started = Date.now();
    const res = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    await reply;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      settlementId: expect.any(String),
      tradeListingId: l.tradeListingId,
      state: 'settling',
      outcome: 'completed',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // Everything the saga's last step writes is there when the answer comes.
    expect((await h.svc.store.listing(l.tradeListingId))?.state).toBe('closed');
    expect((await h.svc.store.notificationsOf(seller.id)).map((n) => n.status)).toContain('Bought Out');
    // Its token names the settlement request and the listing's release that closing it published.
    const positions = decodePositions(res.headers.get('x-consistency'))!;
    expect(Object.keys(positions)).toEqual(
      expect.arrayContaining([settlementRequestedV1.topic, reservationChangedV1.topic]),
    );
  });

  it('when season refuses it, then the buyout answers failed with the reason, and the listing is open again in the search', async () => {
    const seller = await trader();
    const buyer = await trader({ Scrap: 50 });
    const l = await listed(seller);
    const reply = replyLater(l.tradeListingId, 100, 'failed');
    const res = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    await reply;
    expect(res.body).toMatchObject({ outcome: 'failed', reason: 'The buyer holds 0 Scrap, not 10' });
    expect((await h.svc.store.listing(l.tradeListingId))?.state).toBe('open');
    const found = await h.call('GET', `/trade/trade-search?seasonParticipantId=${buyer.id}&pageSize=100`, {
      token: buyer.token,
      headers: { 'x-consistency': res.headers.get('x-consistency')! },
    });
    expect((found.body.items as Body[]).map((x) => x.tradeListingId)).toContain(l.tradeListingId);
  });

  it('when season does not answer within the bound, then the buyout answers settling as before', async () => {
    const seller = await trader();
    const buyer = await trader({ Scrap: 50 });
    const l = await listed(seller);
    const started = Date.now();
    const res = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    const ms = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settlementId: expect.any(String), tradeListingId: l.tradeListingId, state: 'settling' });
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(5_000);
    await h.season.completed(res.body.settlementId, l.tradeListingId, null);
    await eventually(async () => (await h.svc.store.listing(l.tradeListingId))?.state === 'closed');
  });
});

describe('a refusal from a read model is confirmed after catching up', () => {
  it('when an item or a participant was announced a moment ago, then listing it and reading one’s pages succeed at once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const username = unique('Fresh');
      // Nothing waits for trade to read these: the requests below go at once.
      const id = await h.season.participant(username);
      const token = await h.token(username);
      const pages = await h.call('GET', `/trade/participant/${id}/trade-listings`, { token });
      statuses.push(pages.status);
      const r = await h.season.item({ id, username });
      const res = await h.call('POST', `/trade/participant/${id}/list-trade`, {
        token,
        body: { participantItemId: r.id, count: 1, askingCurrency: 'Scrap', askingPrice: 5, sellerComment: null },
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('when a balance was raised a moment ago, then a buyout it now pays for is not refused', async () => {
    const seller = await trader();
    const buyer = await trader({ Scrap: 1 });
    const l = await listed(seller, 30);
    await h.season.currencies(buyer.id, { Scrap: 100 });
    const reply = replyLater(l.tradeListingId, 0, 'completed');
    const res = await h.call('POST', `/trade/participant/${buyer.id}/buyout`, {
      token: buyer.token,
      body: { tradeListingId: l.tradeListingId },
    });
    await reply;
    expect(res.status).toBe(200);
  });

  it('when the item really is not there, then the refusal still comes (after the bounded catch-up)', async () => {
    const t = await trader();
    const started = Date.now();
    const res = await h.call('POST', `/trade/participant/${t.id}/list-trade`, {
      token: t.token,
      body: { participantItemId: 1, count: 1, askingCurrency: 'Scrap', askingPrice: 5, sellerComment: null },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Item not found in this stash' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('tokens on trade’s own answers', () => {
  it('when a listing is written, then the answer names its events, and another reader with that token finds it in the search', async () => {
    const seller = await trader();
    const reader = await trader();
    const l = await h.call('POST', `/trade/participant/${seller.id}/list-trade`, {
      token: seller.token,
      body: {
        participantItemId: (await h.season.item(seller)).id,
        count: 1,
        askingCurrency: 'Scrap',
        askingPrice: 7,
        sellerComment: null,
      },
    });
    // The item was announced without waiting: the listing went through the catch-up.
    expect(l.status).toBe(200);
    const token = l.headers.get('x-consistency')!;
    expect(Object.keys(decodePositions(token)!)).toEqual(
      expect.arrayContaining([reservationChangedV1.topic, 'trade.listing-opened.v1']),
    );
    const found = await h.call('GET', `/trade/trade-search?seasonParticipantId=${reader.id}&pageSize=100`, {
      token: reader.token,
      headers: { 'x-consistency': token },
    });
    expect((found.body.items as Body[]).map((x) => x.tradeListingId)).toContain(l.body.tradeListingId);
  });

  it('when a read carries positions of a topic trade does not consume, then it does not wait', async () => {
    const t = await trader();
    const started = Date.now();
    const res = await h.call('GET', `/trade/participant/${t.id}/trade-listings`, {
      token: t.token,
      headers: { 'x-consistency': encodePositions({ 'account.roles-changed.v1': { '0': 1e9 } }) },
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    // A topic it consumes, far ahead: it waits its bound, then answers all the same.
    const late = Date.now();
    const res2 = await h.call('GET', `/trade/participant/${t.id}/trade-listings`, {
      token: t.token,
      headers: { 'x-consistency': encodePositions({ [stashItemChangedV1.topic]: { '0': 1e9 } }) },
    });
    expect(res2.status).toBe(200);
    expect(Date.now() - late).toBeGreaterThanOrEqual(1_900);
  });
});
