import { listingOpenedV1 } from '@league/contracts';
import { bootTrade, eventually, unique, witness, type Body, type Harness } from './support';

jest.setTimeout(120_000);

let h: Harness;
let openings: Awaited<ReturnType<typeof witness>>;

interface Trader {
  id: number;
  username: string;
  token: string;
}

beforeAll(async () => {
  h = await bootTrade();
  openings = await witness(listingOpenedV1.topic, (e) => e.data.seasonId === h.season.seasonId);
}, 120_000);

afterAll(async () => {
  await openings?.stop();
  await h?.stop();
});

async function trader(opts: { seasonTypeId?: number } = {}): Promise<Trader> {
  const username = unique('Watcher');
  const id = await h.season.participant(username, opts);
  await eventually(async () => (await h.svc.store.participant(id)) !== null);
  return { id, username, token: await h.token(username) };
}

/** Lists a fresh stash item of the seller's at 10 Scrap (or the given terms). */
async function listed(
  seller: Trader,
  fields: Parameters<Harness['season']['item']>[1] = {},
  terms: { askingCurrency: string | null; askingPrice: number | null } = { askingCurrency: 'Scrap', askingPrice: 10 },
) {
  const r = await h.season.item(seller, fields);
  await eventually(async () => ((await h.svc.store.stashItem(r.id))?.version ?? 0) >= r.version);
  const res = await h.call('POST', `/trade/participant/${seller.id}/list-trade?branch=prod`, {
    token: seller.token,
    body: { participantItemId: r.id, count: 1, sellerComment: null, ...terms },
  });
  expect(res.status).toBe(200);
  return res.body as Body;
}

const base = (t: Trader) => `/trade/participant/${t.id}/saved-searches`;
const save = (t: Trader, body: Record<string, unknown>, token = t.token) =>
  h.call('POST', `${base(t)}?branch=prod`, { token, body });
const savedList = async (t: Trader) => (await h.call('GET', base(t), { token: t.token })).body as Body[];
const notes = async (t: Trader) =>
  (await h.call('GET', `/trade/participant/${t.id}/trade-notifications`, { token: t.token })).body as Body[];
const matchesOf = async (t: Trader) => (await notes(t)).filter((n) => n.status === 'New Match');
/** Waits until the participant holds at least `n` New Match notifications, and answers them. */
const awaitMatches = (t: Trader, n: number) =>
  eventually(async () => {
    const m = await matchesOf(t);
    return m.length >= n && m;
  });

describe('keeping saved searches', () => {
  it('when a search is saved, listed, paused, run and deleted, then only its owner may, with validated filters', async () => {
    const me = await trader();
    const other = await trader();
    const body = {
      name: 'Epic rings under 20 Scrap',
      searchTerm: 'ring',
      filter: 'offensiveFire',
      itemType: 19,
      minLevel: 40,
      maxLevel: 94,
      rarity: 'Epic',
      maxPriceCurrency: 'Scrap',
      maxPrice: 20,
    };
    expect((await h.call('POST', base(me), { body })).status).toBe(401);
    expect((await save(me, body, other.token)).status).toBe(403);
    for (const bad of [
      { ...body, name: ' ' },
      { ...body, itemType: 38 },
      { ...body, minLevel: 95, maxLevel: 94 },
      { ...body, maxPriceCurrency: 'Gold' },
      { ...body, maxPriceCurrency: null },
      { ...body, maxPrice: 0 },
      { ...body, minLevel: '40' },
    ]) {
      const res = await save(me, bad);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }

    const created = await save(me, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...body, seasonParticipantId: me.id, paused: false, newMatches: 0 });
    const id = created.body.savedSearchId as number;
    expect(await savedList(me)).toEqual([created.body]);
    expect((await h.call('GET', base(me), { token: other.token })).status).toBe(403);

    const patch = (t: Trader, path: string, b: unknown) =>
      h.call('PATCH', `${base(path === 'mine' ? me : other)}/${id}`, { token: t.token, body: b });
    expect((await patch(other, 'mine', { paused: true })).status).toBe(403);
    expect((await patch(other, 'theirs', { paused: true })).status).toBe(404);
    expect((await patch(me, 'mine', { paused: 'yes' })).status).toBe(400);
    expect((await patch(me, 'mine', { paused: true })).body).toMatchObject({ savedSearchId: id, paused: true });

    const run = await h.call('POST', `${base(me)}/${id}/run`, { token: me.token });
    expect(run.status).toBe(200);
    expect(run.body.lastRunAt).not.toBeNull();
    expect((await h.call('POST', `${base(me)}/${id}/run`, { token: other.token })).status).toBe(403);

    expect((await h.call('DELETE', `${base(other)}/${id}`, { token: other.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base(me)}/${id}`, { token: other.token })).status).toBe(403);
    expect((await h.call('DELETE', `${base(me)}/${id}`, { token: me.token })).status).toBe(204);
    expect(await savedList(me)).toEqual([]);
    expect((await h.call('DELETE', `${base(me)}/${id}`, { token: me.token })).status).toBe(404);
  });

  it('when 25 searches are saved at once, then 20 are kept and the rest get 409 with a message', async () => {
    const me = await trader();
    const term = unique('nothing-lists-this-');
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => save(me, { name: `search ${i}`, searchTerm: term })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/at most 20/);
    expect(await savedList(me)).toHaveLength(20);
    // Deleting one frees a place.
    const first = (await savedList(me))[0];
    await h.call('DELETE', `${base(me)}/${first.savedSearchId}`, { token: me.token });
    expect((await save(me, { name: 'again', searchTerm: term })).status).toBe(200);
    expect((await save(me, { name: 'one more', searchTerm: term })).status).toBe(409);
  });

  it('when the OpenAPI document is read, then it describes the saved search routes; a client cannot post a New Match', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body;
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/trade/participant/{id}/saved-searches']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/trade/participant/{id}/saved-searches/{searchId}']!).sort()).toEqual([
      'delete',
      'patch',
    ]);
    expect(Object.keys(paths['/trade/participant/{id}/saved-searches/{searchId}/run']!)).toEqual(['post']);
    expect(doc.components.schemas.TradeNotification.properties.status.enum).toContain('New Match');
    const me = await trader();
    const forged = await h.call('POST', '/trade/trade-notification', {
      token: me.token,
      body: { seasonParticipantId: me.id, offerFrom: 'someone', status: 'New Match' },
    });
    expect(forged.status).toBe(400);
  });

  it('when a hardcore participant saves a search, then 400 (trade seasons only)', async () => {
    const hc = await trader({ seasonTypeId: 2 });
    expect((await save(hc, { name: 'x' })).status).toBe(400);
  });
});

describe('matching opened listings', () => {
  it('when a listing opens, then each matching search gets one New Match, counted by the launcher, once under redelivery', async () => {
    const seller = await trader();
    const buyer = await trader();
    const word = unique('Gleam');
    const s1 = await save(buyer, {
      name: 'cheap epic rings',
      searchTerm: word,
      itemType: 19,
      rarity: 'Epic',
      maxPriceCurrency: 'Scrap',
      maxPrice: 20,
    });
    const tooCheap = await save(buyer, { name: 'under 5', searchTerm: word, maxPriceCurrency: 'Scrap', maxPrice: 5 });
    const otherType = await save(buyer, { name: 'amulets', searchTerm: word, itemType: 3 });
    expect([s1.status, tooCheap.status, otherType.status]).toEqual([200, 200, 200]);

    const l = await listed(seller, { name: `${word} Ring`, itemTypeId: 19, rarity: 'Epic', level: 60 });
    const [match] = await awaitMatches(buyer, 1);
    expect(match).toMatchObject({
      seasonParticipantId: buyer.id,
      status: 'New Match',
      offerFrom: seller.username,
      listedItemName: `${word} Ring`,
      offeredItems: 'cheap epic rings: 10 Scrap',
      acknowledgedOn: null,
    });
    const count = await h.call('GET', `/trade/participant/${buyer.id}/trade-notifications/new?branch=prod`, {
      token: buyer.token,
    });
    expect(count.body).toBe(1);
    const saved = await savedList(buyer);
    expect(saved.map((s) => [s.name, s.newMatches])).toEqual([
      ['cheap epic rings', 1],
      ['under 5', 0],
      ['amulets', 0],
    ]);

    // Redelivery: the event again, after a new matching search was saved. Only the new search's match is
    // written (its arrival shows the redelivered event was consumed); the first is not written twice.
    const envelope = await eventually(async () =>
      openings.seen.find((e) => e.data.tradeListingId === l.tradeListingId),
    );
    const s4 = await save(buyer, { name: 'any gleam', searchTerm: word });
    await h.season.bus.publishEnvelope(listingOpenedV1.topic, envelope, String(l.tradeListingId));
    await h.season.bus.publishEnvelope(listingOpenedV1.topic, envelope, String(l.tradeListingId));
    const after = await awaitMatches(buyer, 2);
    expect(after.map((n) => n.offeredItems).sort()).toEqual(['any gleam: 10 Scrap', 'cheap epic rings: 10 Scrap']);
    // Handled a third time directly: nothing is written.
    expect(await h.svc.savedSearches.onListingOpened(envelope.data)).toMatchObject({ written: 0 });
    expect(await matchesOf(buyer)).toHaveLength(2);
    const again = await h.call('GET', `/trade/participant/${buyer.id}/trade-notifications/new`, { token: buyer.token });
    expect(again.body).toBe(2);

    // Running a search starts its count again.
    const run = await h.call('POST', `${base(buyer)}/${s1.body.savedSearchId}/run`, { token: buyer.token });
    expect(run.body.newMatches).toBe(0);
    const listAfterRun = await savedList(buyer);
    expect(listAfterRun.find((s) => s.savedSearchId === s1.body.savedSearchId).newMatches).toBe(0);
    expect(listAfterRun.find((s) => s.savedSearchId === s4.body.savedSearchId).newMatches).toBe(1);
  });

  it('when the listing is the searcher’s own, or a player blocked either way, or the search is paused, then no match', async () => {
    const seller = await trader();
    const own = seller;
    const blockedBySeller = await trader();
    const blockingSeller = await trader();
    const pausedOne = await trader();
    const witnessOne = await trader();
    const word = unique('Shard');
    for (const t of [own, blockedBySeller, blockingSeller, pausedOne, witnessOne])
      expect((await save(t, { name: 'watch', searchTerm: word })).status).toBe(200);
    const pausedId = (await savedList(pausedOne))[0].savedSearchId;
    expect(
      (await h.call('PATCH', `${base(pausedOne)}/${pausedId}`, { token: pausedOne.token, body: { paused: true } }))
        .status,
    ).toBe(200);
    const block = (a: Trader, b: Trader) =>
      h.call('POST', `/trade/participant/${a.id}/ignore-participant-trade/${b.id}`, { token: a.token });
    expect((await block(seller, blockedBySeller)).status).toBe(204);
    expect((await block(blockingSeller, seller)).status).toBe(204);

    await listed(seller, { name: `${word} Amulet`, itemTypeId: 3, rarity: 'Legendary' });
    // One event writes every match at once: when the witness has its match, the event was handled.
    await awaitMatches(witnessOne, 1);
    for (const t of [own, blockedBySeller, blockingSeller, pausedOne]) expect(await matchesOf(t)).toEqual([]);

    // Resumed, the search matches the next listing.
    await h.call('PATCH', `${base(pausedOne)}/${pausedId}`, { token: pausedOne.token, body: { paused: false } });
    await listed(seller, { name: `${word} Ring` });
    await awaitMatches(pausedOne, 1);
    await awaitMatches(witnessOne, 2);
    for (const t of [own, blockedBySeller, blockingSeller]) expect(await matchesOf(t)).toEqual([]);
  });

  it('when the searcher has the SSE stream open, then the New Match arrives live', async () => {
    const seller = await trader();
    const buyer = await trader();
    const word = unique('Live');
    await save(buyer, { name: 'live', searchTerm: word });
    const controller = new AbortController();
    const res = await fetch(`${h.svc.url}/trade/participant/${buyer.id}/events?access_token=${buyer.token}`, {
      signal: controller.signal,
    });
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
    await listed(seller, { name: `${word} Ring` });
    await readUntil(/"status":"New Match"/);
    controller.abort();
    expect(text).toMatch(new RegExp(`event: notification\\ndata: .*"status":"New Match".*"${word} Ring"`));
  });
});
