import { randomUUID } from 'node:crypto';
import type { LauncherItem } from '@league/contracts';
import { onReservationChanged } from '../src/domain/stash/reservations';
import { onSettlementRequested } from '../src/domain/stash/settlement';
import { sweepStashOps } from '../src/domain/stash/ops';
import { start, type SeasonService } from '../src/server';
import { IRON, item, itemsOf, player, POTION, R, RING_MI, SCRAP, SWORD, type Player } from './stash.support';
import { bootSeason, eventually, unique, witness, type Harness } from './support/season';

// This run's stash consumers start at the end of the shared topics (earlier runs' events name the same ids).
process.env.SEASON_STASH_FROM_BEGINNING = '0';

jest.setTimeout(240_000);

const COMPONENT = `${R}materia/compa_chippedclaw.dbr`;
const WITHDRAW_REFUSAL = /held for review as a suspected duplicate: it cannot be withdrawn/;

interface Stored {
  _id: number;
  held?: boolean;
  gone: boolean;
  instanceId?: string | null;
  via?: string | null;
  seasonParticipantId: number;
}

/** Issue 29: copies of an item instance the season already holds are stored held, and an admin decides. */
describe('suspected duplicates (season)', () => {
  let h: Harness;
  let admin: string;
  let adminName: string;

  beforeAll(async () => {
    h = await bootSeason();
    adminName = unique('Admin');
    admin = await h.token(adminName, ['admin']);
  });

  afterAll(async () => {
    h.svc.stash.faults = undefined;
    await h?.stop();
  });

  const stored = async (participantId: number, name?: string): Promise<Stored[]> =>
    (await h.svc.stash.models.StashItem.find(
      { seasonParticipantId: participantId, ...(name ? { 'item.name': name } : {}) },
      { outbox: 0 },
    )
      .sort({ _id: 1 })
      .lean()) as unknown as Stored[];
  const uploadAs = (p: Player, items: LauncherItem[], headers: Record<string, string> = {}) =>
    fetch(`${h.svc.url}/season/participant/${p.id}/stash?branch=prod`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(items),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { stored: number; held?: number } }));
  const withdraw = (p: Player, id: number) =>
    h.call('POST', `/season/participant/${p.id}/toggle-transfer/${id}?branch=prod`, { token: p.token });
  const pullIntoGame = async (p: Player, id: number) => {
    expect((await withdraw(p, id)).status).toBe(200);
    expect(
      (await h.call('POST', `/season/participant/${p.id}/pull-items`, { token: p.token, body: [id] })).status,
    ).toBe(200);
  };
  const stashPage = async (p: Player, query = '') =>
    (await h.call('GET', `/season/participant/${p.id}/stash?pageSize=100${query}`, { token: p.token })).body as {
      items: Array<{ participantItemId: number; held?: boolean }>;
    };
  const duplicates = async (query = '') => {
    const res = await h.call('GET', `/admin/duplicates${query}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body as { items: Array<Record<string, any>>; itemCount: number }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('when another participant uploads a copy, then it is stored held (with item-held and held on its stash event); the first copy keeps working', async () => {
    const first = await player(h, 18, [], 'Finder');
    const copier = await player(h, 18, [], 'Copier');
    const ring = item(RING_MI);
    const heldEvents = await witness('season.item-held.v1', (e) => e.data.seasonParticipantId === copier.id);
    const changes = await witness('season.stash-item-changed.v1', (e) => e.data.seasonParticipantId === copier.id);
    try {
      expect((await uploadAs(first, [ring])).body).toMatchObject({ stored: 1, held: 0 });
      const res = await uploadAs(copier, [ring]);
      expect(res).toEqual({ status: 200, body: { stored: 1, currencies: {}, held: 1 } });
      const [original] = await stored(first.id);
      const [copy] = await stored(copier.id);
      expect(original).toMatchObject({ held: false, via: 'cloud-upload' });
      expect(copy).toMatchObject({ held: true, gone: false, instanceId: original!.instanceId, via: 'cloud-upload' });
      // Shown held in the owner's stash, and never among what can be listed or offered.
      expect((await stashPage(copier)).items).toEqual([
        expect.objectContaining({ participantItemId: copy!._id, held: true }),
      ]);
      expect((await stashPage(copier, '&forTrade=true')).items).toEqual([]);
      // Not withdrawable: 409 with the reason; the first copy is.
      const refused = await withdraw(copier, copy!._id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(WITHDRAW_REFUSAL);
      expect((await withdraw(first, original!._id)).status).toBe(200);
      await eventually(async () => heldEvents.seen.length === 1 && changes.seen.length >= 1, 30_000);
      expect(heldEvents.seen[0]!.data).toMatchObject({
        participantItemId: copy!._id,
        instanceId: original!.instanceId,
        via: 'cloud-upload',
        firstCopy: { participantItemId: original!._id, seasonParticipantId: first.id, username: first.username },
      });
      expect(changes.seen[0]!.data).toMatchObject({ participantItemId: copy!._id, held: true, tradable: false });
    } finally {
      await heldEvents.stop();
      await changes.stop();
    }
  });

  it('when the same stash uploads a copy of what it holds (another upload), then the copy is held; so is a second copy in one batch', async () => {
    const p = await player(h, 18, [], 'Twice');
    const sword = item(SWORD, { suffix: `${R}lootaffixes/suffix/a001_off_phys.dbr` });
    expect((await uploadAs(p, [sword], { 'x-requestid': 'first' })).body.held).toBe(0);
    expect((await uploadAs(p, [sword], { 'x-requestid': 'second' })).body.held).toBe(1);
    const ring = item(RING_MI);
    expect((await uploadAs(p, [ring, ring])).body).toMatchObject({ stored: 2, held: 1 });
    const rings = await stored(p.id, RING_MI);
    expect(rings.map((r) => r.held)).toEqual([false, true]);
  });

  it('when the instance is listed or offered, waiting in the queue, or was traded away, then a copy is held wherever it comes from', async () => {
    const seller = await player(h, 18, [], 'Seller');
    const buyer = await player(h, 18, [], 'Buyer');
    const other = await player(h, 18, [], 'Other');
    const listed = item(SWORD);
    const offered = item(RING_MI);
    const queued = item(`${R}gearweapons/guns2h/d005_gun2h.dbr`);
    const sold = item(`${R}gearhands/d011_hands.dbr`);
    await uploadAs(seller, [listed, offered, queued, sold]);
    await uploadAs(buyer, [item(SCRAP, { stackCount: 500 })]);
    const ids = Object.fromEntries((await itemsOf(h, seller.id)).map((i) => [i.item.name, i._id]));
    const reserve = (id: number, kind: 'listing' | 'offer') =>
      onReservationChanged(h.svc.stash, {
        reservationId: `${kind}-${id}`,
        seasonParticipantId: seller.id,
        participantItemId: id,
        count: 1,
        kind,
        reserved: true,
        changedAt: new Date().toISOString(),
      });
    await reserve(ids[listed.name]!, 'listing');
    await reserve(ids[offered.name]!, 'offer');
    expect((await withdraw(seller, ids[queued.name]!)).status).toBe(200);
    // The sold one moves to the buyer in a settlement (season's side of the saga), and the buyer pulls it into the game.
    const settlementId = randomUUID();
    const done = await onSettlementRequested(h.svc.stash, {
      settlementId,
      tradeListingId: 9001,
      tradeOfferId: null,
      seasonId: 18,
      sellerParticipantId: seller.id,
      buyerParticipantId: buyer.id,
      item: { participantItemId: ids[sold.name]!, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 50 },
      requestedAt: new Date().toISOString(),
    });
    expect(done.state).toBe('done');
    await pullIntoGame(buyer, ids[sold.name]!);

    // Another player's copies of all four, and the seller's own backup of the one it sold: every one held.
    expect((await uploadAs(other, [listed, offered, queued, sold])).body).toMatchObject({ stored: 4, held: 4 });
    expect((await uploadAs(seller, [sold])).body).toMatchObject({ stored: 1, held: 1 });
    // The buyer brings its own copy back from the game: that is the instance, not a copy.
    expect((await uploadAs(buyer, [sold])).body).toMatchObject({ stored: 1, held: 0 });

    const page = await duplicates(`?pageSize=100&seasonId=18`);
    const soldRows = page.items.filter((r) => r.record === sold.name);
    expect(soldRows).toHaveLength(2);
    for (const row of soldRows) {
      expect(row.trades).toEqual([
        expect.objectContaining({
          settlementId,
          participantItemId: ids[sold.name],
          from: seller.username,
          to: buyer.username,
        }),
      ]);
      // The copy that counts now is the buyer's, back in its stash.
      expect(row.firstCopies).toEqual([
        expect.objectContaining({ holder: buyer.username, uploadedBy: buyer.username, location: 'stash' }),
      ]);
    }
    const listedRow = page.items.find((r) => r.record === listed.name)!;
    expect(listedRow.firstCopies[0]).toMatchObject({ holder: seller.username, location: 'listed' });
    expect(page.items.find((r) => r.record === offered.name)!.firstCopies[0]).toMatchObject({ location: 'offered' });
    expect(page.items.find((r) => r.record === queued.name)!.firstCopies[0]).toMatchObject({ location: 'queue' });
  });

  it('when the owner pulls an item into the game and uploads it again, then it is a normal item; another player uploading it is held', async () => {
    const owner = await player(h, 18, [], 'Owner');
    const other = await player(h, 18, [], 'Backup');
    const gloves = item(`${R}gearhands/d011_hands.dbr`);
    await uploadAs(owner, [gloves]);
    for (let round = 0; round < 2; round += 1) {
      const [live] = (await stored(owner.id)).filter((i) => !i.gone);
      await pullIntoGame(owner, live!._id);
      expect((await uploadAs(owner, [gloves], { 'x-requestid': `again-${round}` })).body.held).toBe(0);
    }
    expect((await stored(owner.id)).filter((i) => !i.gone)).toEqual([expect.objectContaining({ held: false })]);
    expect((await uploadAs(other, [gloves])).body.held).toBe(1);
    // Pulled again: the instance is in the owner's game, and only the owner may bring it back.
    const [live] = (await stored(owner.id)).filter((i) => !i.gone);
    await pullIntoGame(owner, live!._id);
    expect((await uploadAs(other, [gloves], { 'x-requestid': 'other-again' })).body.held).toBe(1);
  });

  it('when stackable items repeat their seeds (stacks, single components, potions, currencies) or an item has seed 0, then nothing is held', async () => {
    const a = await player(h, 18, [], 'StackA');
    const b = await player(h, 18, [], 'StackB');
    const batch = [
      item(POTION, { itemSeed: 4711, stackCount: 5 }),
      item(POTION, { itemSeed: 4711, stackCount: 1 }),
      item(COMPONENT, { itemSeed: 4712, stackCount: 1 }),
      item(COMPONENT, { itemSeed: 4712, stackCount: 3 }),
      item(RING_MI, { itemSeed: 0 }),
      item(SCRAP, { itemSeed: 4713, stackCount: 10 }),
      item(IRON, { itemSeed: 4714, stackCount: 1 }),
    ];
    expect((await uploadAs(a, batch)).body).toMatchObject({ stored: 5, held: 0 });
    expect((await uploadAs(b, batch)).body).toMatchObject({ stored: 5, held: 0 });
    expect((await uploadAs(b, batch, { 'x-requestid': 'again' })).body).toMatchObject({ stored: 5, held: 0 });
    expect((await stored(b.id)).every((i) => !i.held && i.instanceId === null)).toBe(true);
  });

  it('when two players upload the same instances at the same moment (two replicas), then exactly one copy of each is held', async () => {
    const second: SeasonService = await start({ ...h.env, PORT: '0' });
    try {
      const players = await Promise.all([player(h, 18, [], 'RaceA'), player(h, 18, [], 'RaceB')]);
      for (let round = 0; round < 5; round += 1) {
        const batch = [item(RING_MI), item(SWORD), item(`${R}geartorso/a10_torso01.dbr`)];
        const [ra, rb] = await Promise.all([
          uploadAs(players[0]!, batch),
          fetch(`${second.url}/season/participant/${players[1]!.id}/stash?branch=prod`, {
            method: 'POST',
            headers: { authorization: `Bearer ${players[1]!.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(batch),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { held: number } })),
        ]);
        expect([ra.status, rb.status]).toEqual([200, 200]);
        expect((ra.body.held ?? 0) + rb.body.held).toBe(3);
      }
      // Over all rounds: per instance exactly one copy works and one is held.
      const all = [...(await stored(players[0]!.id)), ...(await stored(players[1]!.id))];
      const byInstance = new Map<string, Stored[]>();
      for (const c of all) byInstance.set(c.instanceId!, [...(byInstance.get(c.instanceId!) ?? []), c]);
      expect(byInstance.size).toBe(15);
      for (const copies of byInstance.values())
        expect(copies.map((c) => Boolean(c.held)).sort()).toEqual([false, true]);
    } finally {
      await second.stop();
    }
  });

  it('when a batch is retried (the same upload twice, also at once, with or without a request id), then it is stored once and holds nothing', async () => {
    const p = await player(h, 18, [], 'Retry');
    const batch = [item(RING_MI), item(SWORD), item(POTION, { stackCount: 3 })];
    const both = await Promise.all([uploadAs(p, batch), uploadAs(p, batch)]);
    expect(both.map((r) => r.body)).toEqual([
      { stored: 3, currencies: {}, held: 0 },
      { stored: 3, currencies: {}, held: 0 },
    ]);
    expect((await uploadAs(p, batch)).body.held).toBe(0);
    const keyed = [item(RING_MI)];
    expect((await uploadAs(p, keyed, { 'x-requestid': 'k1' })).body.held).toBe(0);
    expect((await uploadAs(p, keyed, { 'x-requestid': 'k1' })).body.held).toBe(0);
    const items = await stored(p.id);
    expect(items).toHaveLength(4);
    expect(items.some((i) => i.held)).toBe(false);
  });

  it('when an upload crashes after claiming its instances, then the redo stores it once with the same decisions', async () => {
    const first = await player(h, 18, [], 'CrashFirst');
    const p = await player(h, 18, [], 'Crash');
    const known = item(RING_MI);
    await uploadAs(first, [known]);
    const batch = [known, item(SWORD)];
    let crashes = 0;
    h.svc.stash.faults = {
      beforeStep: (op) => {
        if (op.endsWith(':claimed') && crashes === 0) {
          crashes += 1;
          throw new Error('simulated crash after the claims, before the items');
        }
      },
    };
    try {
      expect((await uploadAs(p, batch)).status).toBe(500);
      expect(await stored(p.id)).toHaveLength(0);
      await sweepStashOps(h.svc.stash);
      expect((await uploadAs(p, batch)).body).toMatchObject({ stored: 2, held: 1 });
    } finally {
      h.svc.stash.faults = undefined;
    }
    const items = await stored(p.id);
    expect(items.map((i) => [i.held])).toEqual([[true], [false]]);
    const reviews = await h.svc.stash.models.DuplicateReview.countDocuments({ seasonParticipantId: p.id });
    expect(reviews).toBe(1);
  });

  it('when a held copy came through the shared-stash upload, then the review says so', async () => {
    const first = await player(h, 18, [], 'ViaFirst');
    const p = await player(h, 18, [], 'ViaShared');
    const ring = item(RING_MI);
    await uploadAs(first, [ring]);
    expect((await uploadAs(p, [ring], { 'x-upload-channel': 'shared-stash' })).body.held).toBe(1);
    const [copy] = await stored(p.id);
    const row = (await duplicates('?pageSize=100')).items.find((r) => r.participantItemId === copy!._id)!;
    expect(row.heldCopy).toMatchObject({
      holder: p.username,
      uploadedBy: p.username,
      via: 'shared-stash',
      location: 'stash',
    });
    expect(row.firstCopies).toEqual([
      expect.objectContaining({ holder: first.username, via: 'cloud-upload', location: 'stash' }),
    ]);
    expect(row.actions).toEqual([expect.objectContaining({ action: 'held', by: 'upload check' })]);
  });

  it('when an admin releases a held copy, then it is a normal item (withdrawable, tradable), item-released is published and the action carries the admin’s name', async () => {
    const first = await player(h, 18, [], 'RelFirst');
    const p = await player(h, 18, [], 'RelHeld');
    const ring = item(RING_MI);
    await uploadAs(first, [ring]);
    await uploadAs(p, [ring]);
    const [copy] = await stored(p.id);
    const released = await witness('season.item-released.v1', (e) => e.data.participantItemId === copy!._id);
    try {
      const res = await h.call('POST', `/admin/duplicates/${copy!._id}/release`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'released', participantItemId: copy!._id });
      expect(res.body.actions.map((a: { action: string; by: string }) => [a.action, a.by])).toEqual([
        ['held', 'upload check'],
        ['released', adminName],
      ]);
      // Again: the same answer, nothing twice. Remove after release: 409.
      expect(
        (await h.call('POST', `/admin/duplicates/${copy!._id}/release`, { token: admin })).body.actions,
      ).toHaveLength(2);
      const conflict = await h.call('POST', `/admin/duplicates/${copy!._id}/remove`, { token: admin });
      expect(conflict.status).toBe(409);
      expect(conflict.body.message).toMatch(/already released by/);
      expect((await stored(p.id))[0]).toMatchObject({ held: false, gone: false });
      expect((await stashPage(p, '&forTrade=true')).items).toEqual([
        expect.objectContaining({ participantItemId: copy!._id, held: false }),
      ]);
      await eventually(async () => released.seen.length === 1, 30_000);
      expect(released.seen[0]!.data).toMatchObject({ releasedBy: adminName, seasonParticipantId: p.id });
      // A released copy is an instance line of its own: its holder may pull it and bring it back.
      await pullIntoGame(p, copy!._id);
      expect((await uploadAs(p, [ring], { 'x-requestid': 'back' })).body.held).toBe(0);
    } finally {
      await released.stop();
    }
    expect((await duplicates('?state=held&pageSize=100')).items.some((r) => r.participantItemId === copy!._id)).toBe(
      false,
    );
    expect(
      (await duplicates('?state=released&pageSize=100')).items.some((r) => r.participantItemId === copy!._id),
    ).toBe(true);
  });

  it('when an admin removes a held copy, then it leaves the stash with item-removed (the owner is told by trade); settling it was refused before', async () => {
    const first = await player(h, 18, [], 'RemFirst');
    const p = await player(h, 18, [], 'RemHeld');
    const buyer = await player(h, 18, [], 'RemBuyer');
    await uploadAs(buyer, [item(SCRAP, { stackCount: 100 })]);
    const ring = item(RING_MI);
    await uploadAs(first, [ring]);
    await uploadAs(p, [ring]);
    const [copy] = await stored(p.id);
    // Even if trade had listed it, season would not settle it.
    const refused = await onSettlementRequested(h.svc.stash, {
      settlementId: randomUUID(),
      tradeListingId: 9002,
      tradeOfferId: null,
      seasonId: 18,
      sellerParticipantId: p.id,
      buyerParticipantId: buyer.id,
      item: { participantItemId: copy!._id, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 5 },
      requestedAt: new Date().toISOString(),
    });
    expect(refused).toMatchObject({ state: 'failed', reason: expect.stringMatching(/held for review/) });
    const removed = await witness('season.item-removed.v1', (e) => e.data.participantItemId === copy!._id);
    try {
      const res = await h.call('POST', `/admin/duplicates/${copy!._id}/remove`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'removed', heldCopy: { location: 'removed' } });
      expect(res.body.actions.at(-1)).toMatchObject({ action: 'removed', by: adminName });
      expect((await h.call('POST', `/admin/duplicates/${copy!._id}/release`, { token: admin })).status).toBe(409);
      expect((await stored(p.id))[0]).toMatchObject({ gone: true });
      expect((await stashPage(p)).items).toEqual([]);
      await eventually(async () => removed.seen.length === 1, 30_000);
      expect(removed.seen[0]!.data).toMatchObject({ removedBy: adminName, seasonParticipantId: p.id, record: RING_MI });
    } finally {
      await removed.stop();
    }
    // The first copy never changed.
    expect((await stored(first.id))[0]).toMatchObject({ held: false, gone: false });
  });

  it('when the list is paged and sorted, or asked by someone else, then the server pages it and only admins are let in', async () => {
    const first = await player(h, 19, [], 'PageFirst'); // the hardcore ladder: a season of its own
    const p = await player(h, 19, [], 'PageHeld');
    const batch = Array.from({ length: 12 }, () => item(RING_MI));
    await uploadAs(first, batch);
    expect((await uploadAs(p, batch)).body.held).toBe(12);
    const one = await duplicates('?seasonId=19&pageSize=10&page=1');
    const two = await duplicates('?seasonId=19&pageSize=10&page=2');
    expect([one.itemCount, one.items.length, two.items.length]).toEqual([12, 10, 2]);
    expect(new Set([...one.items, ...two.items].map((r) => r.participantItemId)).size).toBe(12);
    expect(one.items[0]).toMatchObject({ seasonId: 19, seasonName: expect.stringMatching(/Season 7/), state: 'held' });
    const asc = await duplicates('?seasonId=19&pageSize=100&sort=heldAt&dir=asc');
    const times = asc.items.map((r) => Date.parse(r.heldAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect((await h.call('GET', '/admin/duplicates', {})).status).toBe(401);
    expect((await h.call('GET', '/admin/duplicates', { token: p.token })).status).toBe(403);
    expect(
      (await h.call('POST', `/admin/duplicates/${one.items[0]!.participantItemId}/release`, { token: p.token })).status,
    ).toBe(403);
    expect((await h.call('POST', '/admin/duplicates/987654321/release', { token: admin })).status).toBe(404);
    expect((await h.call('GET', '/admin/duplicates?pageSize=7', { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/admin/duplicates?state=maybe', { token: admin })).status).toBe(400);
  });
});
