import { gameDataPublishedV1, type ItemDisplay } from '@league/contracts';
import { BOOTS, GameDataBuckets, PREFIX, SCEPTER, SUFFIX, testGameData } from './game-data-set';
import { bootTrade, eventually, unique, type Body, type Harness } from './support';

jest.setTimeout(180_000);

// Issue 32: the trading post names items from the league's published game data. Items season sent before any
// game data existed (file names, Common, level 0, no type) get their names, types, rarities and levels once a
// set is published, with no re-upload: every view and every search names them from the set of the listing's
// branch, in the reader's language.

let h: Harness;
let buckets: GameDataBuckets;

interface Trader {
  id: number;
  username: string;
  token: string;
}

beforeAll(async () => {
  h = await bootTrade();
  buckets = new GameDataBuckets(h.bucketPrefix);
}, 120_000);

afterAll(async () => {
  await buckets?.clear();
  await h?.stop();
});

async function trader(opts: { isBeta?: boolean; seasonId?: number; balances?: Record<string, number> } = {}) {
  const username = unique('Namer');
  const id = await h.season.participant(username, opts);
  if (opts.balances) await h.season.currencies(id, opts.balances);
  await eventually(async () => (await h.svc.store.participant(id)) !== null);
  if (opts.balances) await eventually(async () => (await h.svc.store.currencies(id)) !== null);
  return { id, username, token: await h.token(username) } as Trader;
}

/** The display season sends for an item uploaded before any game data: its record's file name, Common, level 0, no type. */
const fileNamed = (record: string): { name: string; display: ItemDisplay; rarityFilter: string } => {
  const name = record.split('/').pop()!.replace('.dbr', '');
  return {
    name,
    rarityFilter: 'Common',
    display: {
      baseItem: { itemDbrTag: { name }, rarity: 'Common', style: null, itemTypeId: null, levelRequirement: 0 },
      prefix: null,
      suffix: null,
      itemType: '',
    },
  };
};

async function item(owner: Trader, record: string, affixes: { prefixRecord?: string; suffixRecord?: string } = {}) {
  const r = await h.season.item(owner, { record, ...affixes, ...fileNamed(record) });
  await eventually(async () => ((await h.svc.store.stashItem(r.id))?.version ?? 0) >= r.version);
  return r.id;
}

/** A call with the reader's languages (the site's language choice sets Accept-Language). */
async function call(method: string, path: string, t: Trader, opts: { lang?: string; body?: unknown } = {}) {
  const res = await fetch(`${h.svc.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.token}`,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Body, headers: res.headers };
}

async function list(seller: Trader, participantItemId: number, price: number | null = 10) {
  const res = await call('POST', `/trade/participant/${seller.id}/list-trade?branch=prod`, seller, {
    body: {
      participantItemId,
      count: 1,
      askingCurrency: price ? 'Scrap' : null,
      askingPrice: price,
      sellerComment: null,
    },
  });
  expect(res.status).toBe(200);
  return res.body.tradeListingId as number;
}

const search = async (t: Trader, q = '', lang?: string) => {
  const res = await call('GET', `/trade/trade-search?seasonParticipantId=${t.id}&page=1&pageSize=100${q}`, t, { lang });
  expect(res.status).toBe(200);
  return res.body as { items: Body[]; itemCount: number };
};
const searchIds = async (t: Trader, q = '', lang?: string) =>
  (await search(t, q, lang)).items.map((l) => l.tradeListingId as number);

describe('trading post names from the published game data', () => {
  let seller: Trader;
  let buyer: Trader;
  let scepter: number;
  let boots: number;
  let mystery: number;
  const mysteryRecord = `records/items/test/${unique('mystery')}.dbr`;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([trader(), trader({ balances: { Scrap: 100 } })]);
    scepter = await list(seller, await item(seller, SCEPTER, { prefixRecord: PREFIX, suffixRecord: SUFFIX }));
    boots = await list(seller, await item(seller, BOOTS));
    // A record the game data will not hold, with the display season's own table gave it.
    const r = await h.season.item(seller, {
      record: mysteryRecord,
      name: 'Mystery Ring',
      itemTypeId: 19,
      rarity: 'Epic',
    });
    await eventually(async () => ((await h.svc.store.stashItem(r.id))?.version ?? 0) >= r.version);
    mystery = await list(seller, r.id);
  });

  it('when no game data is published yet, then listings show the file names season sent and a game name finds nothing', async () => {
    const found = await search(buyer);
    expect(found.items.map((l) => l.itemName)).toEqual(['Mystery Ring', 'd201_feet', 'b203_scepter']);
    expect(await searchIds(buyer, '&searchTerm=abominable')).toEqual([]);
    expect(await searchIds(buyer, '&itemType=7')).toEqual([]);
  });

  it('when a set is published on Kafka, then listings made before it show the game names, with no restart or re-upload', async () => {
    const published = await buckets.store('prod', 1, testGameData());
    await h.season.publish(gameDataPublishedV1, published, 'prod');
    await eventually(async () => h.svc.gameData.version('prod') === 1, 60_000);

    // The index renames its seasons in the background, a few thousand listings at a time.
    const found = await eventually(async () => {
      const s = await search(buyer);
      return s.items[1]?.itemName === 'Stormwalker Treads' && s;
    });
    expect(found.items.map((l) => l.itemName)).toEqual([
      'Mystery Ring',
      'Stormwalker Treads',
      "Scorching Crimson's Abominable Scepter of the Bear",
    ]);
    const byId = new Map(found.items.map((l) => [l.tradeListingId, l]));
    expect(byId.get(scepter)!.itemDisplay).toEqual({
      baseItem: {
        itemDbrTag: { name: "Crimson's Abominable Scepter" },
        rarity: 'Rare',
        style: null,
        itemTypeId: 7,
        levelRequirement: 30,
      },
      prefix: { itemDbrTag: { name: 'Scorching' }, rarity: 'Rare', levelRequirement: 20 },
      suffix: { itemDbrTag: { name: 'of the Bear' }, rarity: 'Rare', levelRequirement: 30 },
      itemType: 'Scepter',
    });
    // The unknown record keeps the display season sent, as it was.
    expect(byId.get(mystery)!.itemDisplay).toEqual({
      baseItem: {
        itemDbrTag: { name: 'Mystery Ring' },
        rarity: 'Epic',
        style: null,
        itemTypeId: 19,
        levelRequirement: 50,
      },
      prefix: null,
      suffix: null,
      itemType: 'Ring',
    });
    // The stored listing is unchanged: names come from the set whenever it is read.
    expect((await h.svc.store.listing(boots))!.itemName).toBe('d201_feet');

    const mine = await call('GET', `/trade/participant/${seller.id}/trade-listings`, seller);
    expect(mine.body.map((l: Body) => l.itemName)).toEqual(found.items.map((l) => l.itemName));
  });

  it('when a player searches by a game name, item type, rarity or level, then the game data’s values decide', async () => {
    expect(await searchIds(buyer, '&searchTerm=abominable%20scepter')).toEqual([scepter]);
    expect(await searchIds(buyer, '&searchTerm=stormwalker')).toEqual([boots]);
    expect(await searchIds(buyer, '&searchTerm=b203')).toEqual([]);
    expect(await searchIds(buyer, '&searchTerm=mystery')).toEqual([mystery]);
    expect(await searchIds(buyer, '&itemType=7')).toEqual([scepter]);
    expect(await searchIds(buyer, '&itemType=18')).toEqual([boots]);
    expect(await searchIds(buyer, '&itemType=19')).toEqual([mystery]);
    expect(await searchIds(buyer, '&rarity=Legendary')).toEqual([boots]);
    expect(await searchIds(buyer, '&rarity=Double%20Rare%20Affix')).toEqual([scepter]);
    expect(await searchIds(buyer, '&minLevel=25&maxLevel=40')).toEqual([scepter]);
    expect(await searchIds(buyer, '&filter=setItem')).toEqual([boots]);
  });

  it('when the reader asks for German, then names are German (and a German name finds the item in any language)', async () => {
    const de = await search(buyer, '', 'de-DE,de;q=0.9,en;q=0.8');
    expect(de.items.map((l) => l.itemName)).toEqual([
      'Mystery Ring',
      'Sturmwandler-Treter',
      'Sengendes Crimsons abscheuliches Zepter des Bären',
    ]);
    expect(de.items[1].itemDisplay.baseItem.itemDbrTag.name).toBe('Sturmwandler-Treter (S)');
    expect(await searchIds(buyer, '&searchTerm=zepter', 'de')).toEqual([scepter]);
    expect(await searchIds(buyer, '&searchTerm=zepter')).toEqual([scepter]);
    // A language the set does not hold reads English.
    expect((await search(buyer, '&itemType=18', 'fr')).items[0].itemName).toBe('Stormwalker Treads');
    const res = await call('GET', `/trade/participant/${seller.id}/trade-listings`, seller, { lang: 'de' });
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
    expect(res.body.find((l: Body) => l.tradeListingId === boots).itemName).toBe('Sturmwandler-Treter');
  });

  it('when an offer is made and answered, then offers and notifications name the items for their reader', async () => {
    const gift = await item(buyer, BOOTS);
    const offer = await call('POST', `/trade/participant/${buyer.id}/trade-offer?branch=prod`, buyer, {
      lang: 'de',
      body: { tradeListingId: scepter, comment: null, tradeOfferItems: [{ participantItemId: gift, count: 1 }] },
    });
    expect(offer.status).toBe(200);
    expect(offer.body.tradeListing.itemName).toBe('Sengendes Crimsons abscheuliches Zepter des Bären');
    expect(offer.body.tradeOfferItems[0]).toMatchObject({
      itemName: 'Sturmwandler-Treter',
      itemDisplay: { itemType: 'Boots', baseItem: { rarity: 'Legendary', itemTypeId: 18, levelRequirement: 94 } },
    });

    const made = await call('GET', `/trade/participant/${buyer.id}/trade-offers`, buyer);
    expect(made.body[0].tradeListing.itemName).toBe("Scorching Crimson's Abominable Scepter of the Bear");
    expect(made.body[0].tradeOfferItems[0].itemName).toBe('Stormwalker Treads');
    const incoming = await call('GET', `/trade/participant/${seller.id}/trade-offers/incoming`, seller, { lang: 'de' });
    expect(incoming.body[0].tradeOfferItems[0].itemName).toBe('Sturmwandler-Treter');

    const notes = await eventually(async () => {
      const r = await call('GET', `/trade/participant/${seller.id}/trade-notifications`, seller);
      return r.body.length > 0 && r.body;
    });
    expect(notes[0]).toMatchObject({
      status: 'Incoming',
      listedItemName: "Scorching Crimson's Abominable Scepter of the Bear",
      offeredItems: 'Stormwalker Treads',
    });
    const de = await call('GET', `/trade/participant/${seller.id}/trade-notifications`, seller, { lang: 'de' });
    expect(de.body[0]).toMatchObject({
      listedItemName: 'Sengendes Crimsons abscheuliches Zepter des Bären',
      offeredItems: 'Sturmwandler-Treter',
    });

    const rejected = await call(
      'POST',
      `/trade/participant/${seller.id}/trade-offer/${offer.body.tradeOfferId}/response?accepted=false`,
      seller,
    );
    expect(rejected.status).toBe(200);
    const buyerNotes = await call('GET', `/trade/participant/${buyer.id}/trade-notifications`, buyer, { lang: 'de' });
    expect(buyerNotes.body[0]).toMatchObject({
      status: 'Rejected',
      listedItemName: 'Sengendes Crimsons abscheuliches Zepter des Bären',
      offeredItems: 'Sturmwandler-Treter',
    });
  });

  it('when a named item is bought out, then its price history names it in the reader’s language', async () => {
    const ok = await call('POST', `/trade/participant/${buyer.id}/buyout?branch=prod`, buyer, {
      body: { tradeListingId: boots },
    });
    expect(ok.status).toBe(200);
    await h.season.completed(ok.body.settlementId, boots, null);
    await eventually(async () => (await h.svc.store.prices(BOOTS, false)).length > 0);
    const history = await call('GET', `/trade/price-history?record=${encodeURIComponent(BOOTS)}&branch=prod`, buyer, {
      lang: 'de',
    });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ record: BOOTS, itemName: 'Sturmwandler-Treter', volume: 1, median: 10 });
    expect(history.body.last[0]).toMatchObject({ itemName: 'Sturmwandler-Treter', price: 10, currency: 'Scrap' });
    const sellerNotes = await call('GET', `/trade/participant/${seller.id}/trade-notifications`, seller, {
      lang: 'de',
    });
    expect(sellerNotes.body.find((n: Body) => n.status === 'Bought Out')).toMatchObject({
      listedItemName: 'Sturmwandler-Treter',
      offeredItems: '10 Scrap',
    });
    const unknown = await call('GET', `/trade/price-history?record=${encodeURIComponent(mysteryRecord)}`, buyer);
    expect(unknown.body.itemName).toBeUndefined();
  });

  it('when a player saved a search by a game name, then a listing of that item sends a New Match named for its reader', async () => {
    const watcher = await trader();
    const saved = await call('POST', `/trade/participant/${watcher.id}/saved-searches?branch=prod`, watcher, {
      body: { name: 'Treads', searchTerm: 'stormwalker', itemType: 18, rarity: 'Legendary', minLevel: 90 },
    });
    expect(saved.status).toBe(200);
    await list(seller, await item(seller, BOOTS));
    const match = await eventually(async () => {
      const r = await call('GET', `/trade/participant/${watcher.id}/trade-notifications`, watcher, { lang: 'de' });
      return r.body.find((n: Body) => n.status === 'New Match');
    }, 60_000);
    expect(match).toMatchObject({ listedItemName: 'Sturmwandler-Treter', offeredItems: 'Treads: 10 Scrap' });
    const stored = await call('GET', `/trade/participant/${watcher.id}/trade-notifications`, watcher);
    expect(stored.body[0].listedItemName).toBe('Stormwalker Treads');
  });

  it('when a beta season lists, then it reads prod’s set until beta publishes its own', async () => {
    const seasonId = h.season.id();
    const [betaSeller, betaBuyer] = await Promise.all([
      trader({ isBeta: true, seasonId }),
      trader({ isBeta: true, seasonId }),
    ]);
    const r = await h.season.item(betaSeller, { record: BOOTS, ...fileNamed(BOOTS), seasonId });
    await eventually(async () => ((await h.svc.store.stashItem(r.id))?.version ?? 0) >= r.version);
    const id = await list(betaSeller, r.id);
    expect(await searchIds(betaBuyer, '&itemType=18')).toEqual([id]);

    const beta = testGameData();
    beta.items = beta.items.map((i) => (i.record === BOOTS ? { ...i, itemType: 'Ring', itemTypeId: 19 } : i));
    beta.texts[0]!.tags.tagD201Feet = 'Beta Treads';
    await h.svc.gameData.onPublished(await buckets.store('beta', 1, beta));
    expect(h.svc.gameData.version('beta')).toBe(1);
    await eventually(async () => (await searchIds(betaBuyer, '&itemType=18')).length === 0);
    expect((await search(betaBuyer, '&itemType=19')).items.map((l) => l.itemName)).toEqual(['Beta Treads']);
    // Prod's seasons keep prod's set.
    expect((await search(buyer, '&searchTerm=treads')).items.map((l) => l.itemName)).not.toContain('Beta Treads');
  });
});
