import { FREE_STASH_CAPACITY, reservationChangedV1 } from '@league/contracts';
import { onReservationChanged } from '../src/domain/stash/reservations';
import { readIas } from '@league/gamefiles';
import {
  AVENGER,
  balancesOf,
  DYNAMITE,
  IRON,
  item,
  itemsOf,
  P_RARE,
  player,
  POTION,
  RING_MI,
  S_PHYS,
  S_RARE,
  SCRAP,
  SWORD,
  upload,
  type Player,
} from './stash.support';
import { bootSeason, eventually, unique, witness, type Harness } from './support/season';

// This run's stash consumers start at the end of the shared topics (earlier runs' events name the same ids).
process.env.SEASON_STASH_FROM_BEGINNING = '0';

jest.setTimeout(180_000);

describe('cloud stash', () => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await bootSeason();
    admin = await h.token(unique('Admin'), ['admin']);
  });

  afterAll(async () => {
    await h?.stop();
  });

  const stash = (p: Player, query = '', token = p.token) =>
    h.call('GET', `/season/participant/${p.id}/stash${query ? `?${query}` : ''}`, { token });

  it('when the launcher uploads items and currency stacks, then items are listed with their display and the currencies add to the balances, each with its event', async () => {
    const p = await player(h);
    const items = await witness('season.stash-item-changed.v1', (e) => e.data.username === p.username);
    const wallets = await witness('season.currencies-changed.v1', (e) => e.data.seasonParticipantId === p.id);
    try {
      const res = await upload(h, p, [
        item(RING_MI, { prefix: P_RARE, suffix: S_RARE }),
        item(SWORD, { suffix: S_PHYS }),
        item(POTION, { stackCount: 12 }),
        item(SCRAP, { stackCount: 300 }),
        item(SCRAP.replace(/\//g, '\\').toUpperCase(), { stackCount: 5 }),
        item(IRON, { stackCount: 7 }),
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ stored: 3, currencies: { Scrap: 305, 'Iron Bar': 7 }, held: 0 });

      const page = await stash(p);
      expect(page.status).toBe(200);
      expect(page.body.itemCount).toBe(3);
      expect(page.body.capacity).toBe(FREE_STASH_CAPACITY);
      const ring = page.body.items.find((i: { baseItem: { itemDbrTag: { name: string } } }) =>
        i.baseItem.itemDbrTag.name.startsWith('Dreeg'),
      );
      expect(ring).toMatchObject({
        baseItem: { itemDbrTag: { name: 'Dreeg-Sect Ring' }, rarity: 'Rare', itemTypeId: 19, levelRequirement: 75 },
        prefix: { itemDbrTag: { name: 'Grim' }, rarity: 'Rare', levelRequirement: 70 },
        suffix: { itemDbrTag: { name: 'of the Frostfell' }, rarity: 'Rare', levelRequirement: 75 },
        stackCount: 1,
        forTrade: false,
        tradable: true,
        askingCurrency: null,
        owner: p.username,
        seasonParticipantId: p.id,
        transferToStash: false,
      });
      const currencies = await h.call('GET', `/season/participant/${p.id}/trade-currencies?branch=prod`, {
        token: p.token,
      });
      expect(currencies.status).toBe(200);
      expect(currencies.body).toHaveLength(27);
      expect(currencies.body).toContainEqual({
        currency: 'Scrap',
        recordPath: 'records/items/questitems/scrapmetal.dbr',
        amount: 305,
      });
      expect(currencies.body).toContainEqual({
        currency: 'Iron Bar',
        recordPath: 'records/items/leagues/currency/ironbar.dbr',
        amount: 7,
      });
      expect(currencies.body.filter((c: { amount: number }) => c.amount > 0)).toHaveLength(2);

      await eventually(async () => items.seen.length === 3 && wallets.seen.length === 1);
      expect(items.seen.map((e) => e.data.version)).toEqual([1, 1, 1]);
      expect(items.seen.find((e) => e.data.record === RING_MI)!.data).toMatchObject({
        seasonId: 18,
        stackCount: 1,
        queued: false,
        itemName: 'Grim Dreeg-Sect Ring of the Frostfell',
        statTags: expect.arrayContaining(['offensivePoisonModifier', 'offensiveSlowColdModifier']),
      });
      expect(wallets.seen[0]!.data.balances).toMatchObject({ Scrap: 305, 'Iron Bar': 7, 'Royal Jelly': 0 });
    } finally {
      await items.stop();
      await wallets.stop();
    }
  });

  it('when the same batch is sent twice (also at once), then it is stored once; an empty batch stores nothing', async () => {
    const p = await player(h);
    const batch = [item(SWORD), item(POTION, { stackCount: 3 }), item(SCRAP, { stackCount: 10 })];
    expect((await upload(h, p, batch)).status).toBe(200);
    expect((await upload(h, p, batch)).body).toEqual({ stored: 2, currencies: { Scrap: 10 }, held: 0 });
    const again = [item(AVENGER), item(SCRAP, { stackCount: 4 })];
    const both = await Promise.all([upload(h, p, again), upload(h, p, again)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await itemsOf(h, p.id)).toHaveLength(3);
    expect((await balancesOf(h, p.id)).Scrap).toBe(14);
    expect((await upload(h, p, [])).body).toEqual({ stored: 0, currencies: {}, held: 0 });
    // With the launcher's request id a batch is told apart by it: the same id again is a retry (stored
    // once), another id is a new upload of identical items.
    const keyed = (id: string) =>
      fetch(`${h.svc.url}/season/participant/${p.id}/stash`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json', 'x-requestid': id },
        body: JSON.stringify([item(SWORD, { itemSeed: 777 })]),
      });
    expect((await keyed('req-1')).status).toBe(200);
    expect((await keyed('req-1')).status).toBe(200);
    expect(await itemsOf(h, p.id)).toHaveLength(4);
    expect((await keyed('req-2')).status).toBe(200);
    expect(await itemsOf(h, p.id)).toHaveLength(5);
  });

  it('when a batch would pass the 250 free slots, then 400 and nothing of it is stored; a supporter has no limit', async () => {
    const p = await player(h);
    const many = Array.from({ length: FREE_STASH_CAPACITY - 1 }, () => item(POTION));
    expect((await upload(h, p, many)).status).toBe(200);
    const over = await upload(h, p, [item(SWORD), item(SWORD), item(SCRAP, { stackCount: 9 })]);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/full: 249 of 250/);
    expect(await itemsOf(h, p.id)).toHaveLength(249);
    expect((await balancesOf(h, p.id)).Scrap).toBe(0);
    expect((await upload(h, p, [item(SWORD), item(SCRAP, { stackCount: 9 })])).status).toBe(200);
    expect((await stash(p)).body).toMatchObject({ itemCount: 250, capacity: 250 });
    expect((await upload(h, p, [item(SWORD)])).status).toBe(400);

    // The same player with the supporter role in the token: unlimited (capacity 0).
    const supporter = { ...p, token: await h.token(p.username, ['supporter_s7']) };
    expect((await upload(h, supporter, [item(SWORD), item(SWORD)])).status).toBe(200);
    expect((await stash(supporter)).body).toMatchObject({ itemCount: 252, capacity: 0 });
  });

  it('when the upload or the caller is wrong, then 400/401/403/404 with a message and nothing stored', async () => {
    const p = await player(h);
    const other = await player(h);
    const bad = [
      { body: { name: SWORD } },
      { body: [{ prefix: 'x' }] },
      { body: [item(SWORD), { ...item(SWORD), stackCount: 0 }] },
      { body: [{ ...item(SWORD), itemSeed: -1 }] },
      { body: 'not json' },
    ];
    for (const b of bad) {
      const res = await h.call('POST', `/season/participant/${p.id}/stash`, { token: p.token, body: b.body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(
      (await h.call('POST', `/season/participant/${p.id}/stash?branch=alpha`, { token: p.token, body: [item(SWORD)] }))
        .status,
    ).toBe(400);
    expect((await h.call('POST', `/season/participant/${p.id}/stash`, { body: [item(SWORD)] })).status).toBe(401);
    const foreign = await h.call('POST', `/season/participant/${p.id}/stash`, {
      token: other.token,
      body: [item(SWORD)],
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/Only/);
    expect(
      (await h.call('POST', '/season/participant/987654321/stash', { token: p.token, body: [item(SWORD)] })).status,
    ).toBe(404);
    expect(
      (await h.call('POST', '/season/participant/abc/stash', { token: p.token, body: [item(SWORD)] })).status,
    ).toBe(400);
    expect(await itemsOf(h, p.id)).toHaveLength(0);
    // Reading: others 403, an admin may.
    expect((await stash(p, '', other.token)).status).toBe(403);
    expect((await stash(p, '', admin)).status).toBe(200);
    expect((await h.call('GET', `/season/participant/${p.id}/transfer-queue`, { token: other.token })).status).toBe(
      403,
    );
    expect((await h.call('GET', `/season/participant/${p.id}/trade-currencies`, { token: other.token })).status).toBe(
      403,
    );
    expect(
      (await h.call('GET', `/season/season-participant/${p.id}/export-cloud-stash`, { token: other.token })).status,
    ).toBe(403);
    expect((await h.call('GET', `/season/participant/${p.id}/stash`)).status).toBe(401);
  });

  it('when the stash is filtered, searched and paged, then only the matching rows come back', async () => {
    const p = await player(h);
    await upload(h, p, [
      item(RING_MI, { prefix: P_RARE, suffix: S_RARE }),
      item(RING_MI),
      item(SWORD, { suffix: S_PHYS }),
      item(AVENGER),
      item(AVENGER),
      item(DYNAMITE),
      item(`${'records/items/leagues/unknown/zz_mystery.dbr'}`),
      ...Array.from({ length: 25 }, () => item(POTION, { stackCount: 2 })),
      item(SCRAP, { stackCount: 50 }),
    ]);
    const names = async (query: string) => {
      const res = await stash(p, query);
      expect(res.status).toBe(200);
      return res.body.items.map((i: { baseItem: { itemDbrTag: { name: string } } }) => i.baseItem.itemDbrTag.name);
    };
    expect((await stash(p)).body.itemCount).toBe(32);
    expect(await names('rarity=Double%20Rare%20MI')).toEqual(['Dreeg-Sect Ring']);
    expect(await names('rarity=Monster%20Infrequent')).toEqual(['Dreeg-Sect Ring']);
    expect(await names('rarity=Legendary')).toEqual(['Mythical Avenger of Cairn', 'Mythical Avenger of Cairn']);
    expect(await names('searchTerm=ruin')).toEqual(['Bladed Sword']);
    expect(await names('itemType=11')).toHaveLength(2);
    expect(await names('minLevel=94&maxLevel=94')).toHaveLength(2);
    expect(await names('filter=offensivePoisonModifier;offensiveSlowColdModifier')).toEqual(['Dreeg-Sect Ring']);
    expect(await names('filter=notListedForTrade&searchTerm=ring')).toHaveLength(2);
    expect(await names('filter=listedForTrade')).toEqual([]);
    expect(await names('searchTerm=zz_mystery')).toEqual(['zz_mystery']);
    expect(await names('duplicates=true&searchTerm=avenger')).toHaveLength(2);
    expect(await names('forTrade=true&searchTerm=dynamite')).toEqual([]);
    const level = (await stash(p, 'searchTerm=grim')).body.items[0];
    expect(level.baseItem.levelRequirement).toBe(75);
    expect((await stash(p, 'pageSize=10&page=4')).body.items).toHaveLength(2);
    expect((await stash(p, 'pageSize=10&page=4')).body.itemCount).toBe(32);
    const withCurrency = await stash(p, 'includeCurrencies=true&searchTerm=scrap');
    expect(withCurrency.body.items).toEqual([
      expect.objectContaining({ participantItemId: 0, currency: 'Scrap', stackCount: 50 }),
    ]);
    for (const bad of [
      'pageSize=15',
      'page=0',
      'rarity=Shiny',
      'itemType=38',
      'minLevel=50&maxLevel=10',
      'transfer=maybe',
      'filter=listedForTrade;notListedForTrade',
    ]) {
      const res = await stash(p, bad);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('when a stack is queued whole or in part, then the queue lists it for the launcher, the rest stays, and pull-items takes it out once', async () => {
    const p = await player(h);
    await upload(h, p, [item(POTION, { stackCount: 10 }), item(SWORD)]);
    const [potion, sword] = await itemsOf(h, p.id);
    const toggle = (id: number, q = '') =>
      h.call('POST', `/season/participant/${p.id}/toggle-transfer/${id}?branch=prod${q}`, { token: p.token });
    expect((await h.call('GET', `/season/participant/${p.id}/transfer-queue`, { token: p.token })).body).toEqual([]);

    for (const bad of ['&withdrawAmount=0', '&withdrawAmount=11', '&withdrawAmount=x'])
      expect((await toggle(potion!._id, bad)).status).toBe(400);
    const part = await toggle(potion!._id, '&withdrawAmount=4');
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ stackCount: 4, transferToStash: true });
    expect(part.body.participantItemId).not.toBe(potion!._id);
    const whole = await toggle(sword!._id);
    expect(whole.body).toMatchObject({ participantItemId: sword!._id, transferToStash: true });

    const queue = await h.call('GET', `/Season/participant/${p.id}/transfer-queue?branch=prod`, { token: p.token });
    expect(queue.status).toBe(200);
    expect(queue.body).toHaveLength(2);
    expect(queue.body).toContainEqual({
      ...potion!.item,
      stackCount: 4,
      participantItemId: part.body.participantItemId,
    });
    expect((await stash(p, 'transfer=true')).body.itemCount).toBe(2);
    expect((await stash(p)).body.items).toEqual([
      expect.objectContaining({ participantItemId: potion!._id, stackCount: 6 }),
    ]);

    // Put the sword back, queue it again, pull everything: twice is the same as once.
    expect((await toggle(sword!._id)).body.transferToStash).toBe(false);
    expect((await toggle(sword!._id)).body.transferToStash).toBe(true);
    const ids = queue.body.map((i: { participantItemId: number }) => i.participantItemId);
    const pulled = await h.call('POST', `/season/participant/${p.id}/pull-items?branch=prod`, {
      token: p.token,
      body: [...ids, potion!._id, 99999999],
    });
    expect(pulled.status).toBe(200);
    expect(pulled.body.pulled).toEqual([...ids].sort((a, b) => a - b));
    expect(
      (await h.call('POST', `/season/participant/${p.id}/pull-items`, { token: p.token, body: ids })).body.pulled,
    ).toEqual([]);
    expect((await h.call('GET', `/season/participant/${p.id}/transfer-queue`, { token: p.token })).body).toEqual([]);
    expect(await itemsOf(h, p.id)).toEqual([expect.objectContaining({ _id: potion!._id, stackCount: 6 })]);
    expect((await toggle(sword!._id)).status).toBe(404);
    expect(
      (await h.call('POST', `/season/participant/${p.id}/pull-items`, { token: p.token, body: ['a'] })).status,
    ).toBe(400);
  });

  it('when trade reserves an item, then it cannot be queued (409) and shows as listed with its terms; released, it can', async () => {
    const p = await player(h);
    await upload(h, p, [item(AVENGER)]);
    const [gun] = await itemsOf(h, p.id);
    const reservation = (reserved: boolean) =>
      h.svc.bus.publish(
        reservationChangedV1,
        {
          reservationId: `listing-${p.username}`,
          seasonParticipantId: p.id,
          participantItemId: gun!._id,
          count: 1,
          kind: 'listing',
          reserved,
          changedAt: new Date().toISOString(),
          tradeListingId: 7,
          askingCurrency: 'Scrap',
          askingPrice: 40,
          sellerComment: 'cheap',
        },
        String(gun!._id),
      );
    await reservation(true);
    await reservation(true);
    const listed = await eventually(async () => {
      const row = (await stash(p)).body.items[0];
      return row.forTrade ? row : undefined;
    });
    expect(listed).toMatchObject({ forTrade: true, askingCurrency: 'Scrap', askingPrice: 40, sellerComment: 'cheap' });
    expect((await stash(p, 'filter=listedForTrade')).body.itemCount).toBe(1);
    expect((await stash(p, 'forTrade=true')).body.itemCount).toBe(0);
    const blocked = await h.call('POST', `/season/participant/${p.id}/toggle-transfer/${gun!._id}`, { token: p.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/reserved/);

    // The same reservation delivered again (at-least-once) is applied, not refused as a conflict: a refusal
    // would be retried until the event is parked in the dead-letter topic.
    const again = {
      reservationId: `listing-${p.username}`,
      seasonParticipantId: p.id,
      participantItemId: gun!._id,
      count: 1,
      kind: 'listing' as const,
      reserved: true,
      changedAt: new Date().toISOString(),
      tradeListingId: 7,
      askingCurrency: 'Scrap',
      askingPrice: 40,
      sellerComment: 'cheap',
    };
    await expect(onReservationChanged(h.svc.stash, again)).resolves.toBeUndefined();
    await expect(onReservationChanged(h.svc.stash, again)).resolves.toBeUndefined();

    await reservation(false);
    await eventually(async () => !(await stash(p)).body.items[0].forTrade);
    await reservation(true); // a late redelivery of the released reservation changes nothing
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stash(p)).body.items[0].forTrade).toBe(false);
    expect(
      (await h.call('POST', `/season/participant/${p.id}/toggle-transfer/${gun!._id}`, { token: p.token })).status,
    ).toBe(200);
  });

  it('when a hardcore SSF participant asks for currencies, then 400; their currency records stay items', async () => {
    const p = await player(h, 19);
    await upload(h, p, [item(SCRAP, { stackCount: 3 })]);
    const res = await h.call('GET', `/season/participant/${p.id}/trade-currencies`, { token: p.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a trade season/);
    expect(await itemsOf(h, p.id)).toEqual([expect.objectContaining({ stackCount: 3 })]);
  });

  it('when the stash is exported, then the .ias holds every item and currency; an item shows its stats', async () => {
    const p = await player(h);
    await upload(h, p, [
      item(SWORD, { suffix: S_PHYS, itemSeed: 4242 }),
      item(POTION, { stackCount: 5 }),
      item(SCRAP, { stackCount: 77 }),
    ]);
    const res = await fetch(`${h.svc.url}/season/season-participant/${p.id}/export-cloud-stash`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.ias"/);
    // readIas refuses any version but 7, a truncated file and bytes left over.
    const records = readIas(new Uint8Array(await res.arrayBuffer()));
    expect(records).toHaveLength(3);
    expect(records).toContainEqual(
      expect.objectContaining({
        base: SWORD,
        suffix: S_PHYS,
        seed: 4242,
        stackCount: 1,
        mod: 'GrimLeagueS07',
        hardcore: false,
        expansion: 3,
        cloudSynced: true,
      }),
    );
    expect(records).toContainEqual(expect.objectContaining({ base: SCRAP, stackCount: 77 }));

    const sword = (await itemsOf(h, p.id)).find((i) => i.item.name === SWORD)!;
    const stats = await h.call('GET', `/season/stash-item/${sword._id}/stats`, { token: p.token });
    expect(stats.status).toBe(200);
    expect(stats.body.itemDisplay.baseItem.itemDbrTag.name).toBe('Bladed Sword');
    expect(stats.body.statDetail.itemStatLines.map((l: { statDisplay: string }) => l.statDisplay)).toEqual([
      '{120-160} Physical Damage',
      '+{22}% Physical Damage',
    ]);
    expect((await h.call('GET', `/season/stash-item/999999/stats`, { token: p.token })).status).toBe(404);
    const other = await player(h);
    expect((await h.call('GET', `/season/stash-item/${sword._id}/stats`, { token: other.token })).status).toBe(403);
  });
});
