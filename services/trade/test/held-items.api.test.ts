import { itemHeldV1, itemReleasedV1, itemRemovedV1, stashItemChangedV1, type ItemDisplay } from '@league/contracts';
import { bootTrade, eventually, unique, type Body, type Harness } from './support';

jest.setTimeout(120_000);

let h: Harness;

beforeAll(async () => {
  h = await bootTrade();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

interface Trader {
  id: number;
  username: string;
  token: string;
}

async function trader(): Promise<Trader> {
  const username = unique('Holder');
  const id = await h.season.participant(username);
  await eventually(async () => (await h.svc.store.participant(id)) !== null);
  return { id, username, token: await h.token(username) };
}

const display = (name: string): ItemDisplay => ({
  baseItem: { itemDbrTag: { name }, rarity: 'Legendary', style: null, itemTypeId: 19, levelRequirement: 94 },
  prefix: null,
  suffix: null,
  itemType: 'Ring',
});

/** The item's full state as season publishes it (`held` as issue 29 added it). */
function itemState(owner: Trader, id: number, version: number, held: boolean, stackCount = 1) {
  return h.season.publish(
    stashItemChangedV1,
    {
      participantItemId: id,
      seasonParticipantId: owner.id,
      seasonId: h.season.seasonId,
      username: owner.username,
      version,
      stackCount,
      queued: false,
      tradable: !held,
      record: `records/items/test/${id}.dbr`,
      prefixRecord: '',
      suffixRecord: '',
      itemDisplay: display(`Ring ${id}`),
      itemName: `Ring ${id}`,
      statTags: [],
      changedAt: new Date().toISOString(),
      held,
    },
    String(id),
  );
}

const ref = (owner: Trader, id: number, version: number) => ({
  participantItemId: id,
  seasonParticipantId: owner.id,
  seasonId: h.season.seasonId,
  username: owner.username,
  version,
  instanceId: `${h.season.seasonId}:abc${id}`,
});

const held = (owner: Trader, id: number, version = 1) =>
  h.season.publish(
    itemHeldV1,
    {
      ...ref(owner, id, version),
      record: `records/items/test/${id}.dbr`,
      prefixRecord: '',
      suffixRecord: '',
      itemName: `Ring ${id}`,
      via: 'cloud-upload',
      firstCopy: { participantItemId: id - 1, seasonParticipantId: owner.id + 1, username: 'Finder' },
      heldAt: new Date().toISOString(),
    },
    String(id),
  );

const released = (owner: Trader, id: number, version: number) =>
  h.season.publish(
    itemReleasedV1,
    { ...ref(owner, id, version), releasedBy: 'admin', releasedAt: new Date().toISOString() },
    String(id),
  );

const list = (t: Trader, participantItemId: number) =>
  h.call('POST', `/trade/participant/${t.id}/list-trade?branch=prod`, {
    token: t.token,
    body: { participantItemId, count: 1, askingCurrency: 'Scrap', askingPrice: 5, sellerComment: null },
  });

const projected = (id: number) => h.svc.store.stashItem(id);

describe('copies held as suspected duplicates (trade)', () => {
  it('when a held copy is listed or offered, then 409 with the reason; once released it can be listed', async () => {
    const owner = await trader();
    const seller = await trader();
    const id = h.season.id();
    await itemState(owner, id, 1, true);
    await held(owner, id);
    await eventually(async () => (await projected(id))?.held === true);
    const refused = await list(owner, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/held for review as a suspected duplicate/);

    // Offered on someone's listing: refused the same way.
    const forSale = h.season.id();
    await itemState(seller, forSale, 1, false);
    await eventually(async () => (await projected(forSale)) !== null);
    const listing = await list(seller, forSale);
    expect(listing.status).toBe(200);
    const offer = await h.call('POST', `/trade/participant/${owner.id}/trade-offer?branch=prod`, {
      token: owner.token,
      body: {
        tradeListingId: listing.body.tradeListingId,
        comment: null,
        tradeOfferItems: [{ participantItemId: id, count: 1 }],
      },
    });
    expect(offer.status).toBe(409);
    expect(offer.body.message).toMatch(/held for review/);

    // Released: the event and the item's new state (either may come first).
    await released(owner, id, 2);
    await itemState(owner, id, 2, false);
    await eventually(async () => (await projected(id))?.held === false && (await projected(id))?.version === 2);
    const ok = await list(owner, id);
    expect(ok.status).toBe(200);
    const search = await h.call(
      'GET',
      `/trade/trade-search?seasonParticipantId=${seller.id}&page=1&pageSize=100&branch=prod`,
      { token: seller.token },
    );
    expect((search.body.items as Body[]).map((l) => l.participantItemId)).toContain(id);
  });

  it('when item-held comes before the item, or a late item-held after its release, then the newer state wins', async () => {
    const owner = await trader();
    const early = h.season.id();
    await held(owner, early);
    await itemState(owner, early, 1, true);
    await eventually(async () => (await projected(early))?.held === true);

    const late = h.season.id();
    await itemState(owner, late, 1, true);
    await itemState(owner, late, 2, false); // released meanwhile
    await eventually(async () => (await projected(late))?.version === 2);
    await held(owner, late, 1); // the held event of version 1 arrives last
    await released(owner, late, 2);
    // Something after it, so the consumer is known to have passed the late event.
    const marker = h.season.id();
    await itemState(owner, marker, 1, false);
    await eventually(async () => (await projected(marker)) !== null);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await projected(late)).toMatchObject({ held: false, version: 2 });
    expect((await list(owner, late)).status).toBe(200);
  });

  it('when season reports a held copy removed (twice), then its owner gets one Removed notification naming the item', async () => {
    const owner = await trader();
    const id = h.season.id();
    await itemState(owner, id, 1, true);
    const removed = {
      ...ref(owner, id, 2),
      record: `records/items/test/${id}.dbr`,
      prefixRecord: '',
      suffixRecord: '',
      itemName: `Ring ${id}`,
      removedBy: 'admin',
      removedAt: new Date().toISOString(),
    };
    await h.season.publish(itemRemovedV1, removed, String(id));
    await h.season.publish(itemRemovedV1, removed, String(id));
    await itemState(owner, id, 2, true, 0);
    const notes = await eventually(async () => {
      const r = await h.call('GET', `/trade/participant/${owner.id}/trade-notifications?branch=prod`, {
        token: owner.token,
      });
      return (r.body as Body[]).length ? (r.body as Body[]) : undefined;
    });
    await new Promise((r) => setTimeout(r, 1500));
    const again = await h.call('GET', `/trade/participant/${owner.id}/trade-notifications?branch=prod`, {
      token: owner.token,
    });
    expect(again.body).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      status: 'Removed',
      offerFrom: 'League admin',
      listedItemName: `Ring ${id}`,
      acknowledgedOn: null,
    });
    expect(await projected(id)).toMatchObject({ stackCount: 0 });
  });
});
