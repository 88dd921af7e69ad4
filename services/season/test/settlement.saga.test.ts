import { randomUUID } from 'node:crypto';
import { settlementRequestedV1, type EventData } from '@league/contracts';
import { onReservationChanged } from '../src/domain/stash/reservations';
import { onSettlementRequested, sweepSettlements } from '../src/domain/stash/settlement';
import {
  AVENGER,
  balancesOf,
  item,
  itemsOf,
  player,
  POTION,
  RING_MI,
  SCRAP,
  SWORD,
  totals,
  upload,
  type Player,
} from './stash.support';
import { bootSeason, eventually, witness, type Harness } from './support/season';

// This run's stash consumers start at the end of the shared topics (earlier runs' events name the same ids).
process.env.SEASON_STASH_FROM_BEGINNING = '0';

jest.setTimeout(240_000);

type Request = EventData<typeof settlementRequestedV1>;

describe('settlement saga (season side)', () => {
  let h: Harness;
  let seller: Player;
  let buyer: Player;
  let third: Player;
  let everyone: number[];

  beforeAll(async () => {
    h = await bootSeason();
    seller = await player(h, 18, [], 'Seller');
    buyer = await player(h, 18, [], 'Buyer');
    third = await player(h, 18, [], 'Third');
    everyone = [seller.id, buyer.id, third.id];
    await upload(h, seller, [
      item(AVENGER),
      item(POTION, { stackCount: 10 }),
      item(RING_MI),
      item(SWORD),
      item(SCRAP, { stackCount: 100 }),
    ]);
    await upload(h, buyer, [item(SWORD), item(POTION, { stackCount: 6 }), item(SCRAP, { stackCount: 1000 })]);
    await upload(h, third, [item(RING_MI), item(POTION, { stackCount: 9 }), item(SCRAP, { stackCount: 300 })]);
  });

  afterAll(async () => {
    h.svc.stash.faults = undefined;
    await h?.stop();
  });

  const idOf = async (p: Player, record: string) => (await itemsOf(h, p.id)).find((i) => i.item.name === record)!._id;

  const request = (over: Partial<Request>): Request => ({
    settlementId: randomUUID(),
    tradeListingId: 1,
    tradeOfferId: null,
    seasonId: 18,
    sellerParticipantId: seller.id,
    buyerParticipantId: buyer.id,
    item: { participantItemId: 1, count: 1 },
    payment: { kind: 'currency', currency: 'Scrap', amount: 10 },
    requestedAt: new Date().toISOString(),
    ...over,
  });

  it('when trade requests a buyout (event delivered three times), then the item and the price move once and settlement-completed is published once', async () => {
    const before = await totals(h, everyone);
    const gun = await idOf(seller, AVENGER);
    await onReservationChanged(h.svc.stash, {
      reservationId: 'listing-gun',
      seasonParticipantId: seller.id,
      participantItemId: gun,
      count: 1,
      kind: 'listing',
      reserved: true,
      changedAt: new Date().toISOString(),
    });
    const e = request({
      tradeListingId: 101,
      item: { participantItemId: gun, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 250 },
    });
    const completed = await witness('season.settlement-completed.v1', (x) => x.data.settlementId === e.settlementId);
    try {
      for (let i = 0; i < 3; i += 1) await h.svc.bus.publish(settlementRequestedV1, e, String(e.tradeListingId));
      await eventually(async () => completed.seen.length >= 1, 30_000);
      await new Promise((r) => setTimeout(r, 2000));
      expect(completed.seen).toHaveLength(1);
      expect(completed.seen[0]!.data).toMatchObject({
        tradeListingId: 101,
        tradeOfferId: null,
        buyerItemIds: [gun],
        sellerItemIds: [],
      });
    } finally {
      await completed.stop();
    }
    const moved = (await itemsOf(h, buyer.id)).find((i) => i._id === gun)!;
    expect(moved).toMatchObject({ stackCount: 1, reservations: [] });
    expect((await itemsOf(h, seller.id)).some((i) => i._id === gun)).toBe(false);
    expect((await balancesOf(h, buyer.id)).Scrap).toBe(750);
    expect((await balancesOf(h, seller.id)).Scrap).toBe(350);
    expect(await totals(h, everyone)).toEqual(before);
    // A late release from trade of the consumed reservation changes nothing on the buyer's item.
    await onReservationChanged(h.svc.stash, {
      reservationId: 'listing-gun',
      seasonParticipantId: seller.id,
      participantItemId: gun,
      count: 1,
      kind: 'listing',
      reserved: false,
      changedAt: new Date().toISOString(),
    });
    expect((await itemsOf(h, buyer.id)).find((i) => i._id === gun)).toMatchObject({ stackCount: 1 });
  });

  it('when part of a stack is sold for offered items (one whole, one split), then both splits get new ids and nothing is lost', async () => {
    const before = await totals(h, everyone);
    const potions = await idOf(seller, POTION);
    const buyerSword = await idOf(buyer, SWORD);
    const buyerPotions = await idOf(buyer, POTION);
    const e = request({
      tradeListingId: 102,
      tradeOfferId: 55,
      item: { participantItemId: potions, count: 4 },
      payment: {
        kind: 'items',
        items: [
          { participantItemId: buyerSword, count: 1 },
          { participantItemId: buyerPotions, count: 2 },
        ],
      },
    });
    const done = await onSettlementRequested(h.svc.stash, e);
    expect(done.state).toBe('done');
    const plan = done.plan!;
    expect(plan.sellerItemIds[0]).toBe(buyerSword);
    expect(plan.sellerItemIds[1]).not.toBe(buyerPotions);
    expect(plan.buyerItemIds[0]).not.toBe(potions);
    const sellerItems = await itemsOf(h, seller.id);
    expect(sellerItems.find((i) => i._id === potions)!.stackCount).toBe(6);
    expect(sellerItems.find((i) => i._id === plan.sellerItemIds[1])!.stackCount).toBe(2);
    expect(sellerItems.some((i) => i._id === buyerSword)).toBe(true);
    const buyerItems = await itemsOf(h, buyer.id);
    expect(buyerItems.find((i) => i._id === plan.buyerItemIds[0])!.stackCount).toBe(4);
    expect(buyerItems.find((i) => i._id === buyerPotions)!.stackCount).toBe(4);
    expect(await totals(h, everyone)).toEqual(before);
    // Applying the same request again is a no-op.
    expect((await onSettlementRequested(h.svc.stash, e)).state).toBe('done');
    expect(await totals(h, everyone)).toEqual(before);
  });

  it('when the check fails, then settlement-failed names the reason and nothing moves', async () => {
    const before = await totals(h, everyone);
    const ring = await idOf(seller, RING_MI);
    const cases: Array<[Partial<Request>, RegExp]> = [
      [
        {
          item: { participantItemId: ring, count: 1 },
          payment: { kind: 'currency', currency: 'Scrap', amount: 999_999 },
        },
        /holds/,
      ],
      [{ item: { participantItemId: ring, count: 2 } }, /holds 1, not 2/],
      [{ item: { participantItemId: await idOf(third, RING_MI), count: 1 } }, /no longer in the seller/],
      [
        { item: { participantItemId: ring, count: 1 }, payment: { kind: 'currency', currency: 'Gold', amount: 1 } },
        /not a currency/,
      ],
      [{ item: { participantItemId: ring, count: 1 }, buyerParticipantId: seller.id }, /same participant/],
      [{ item: { participantItemId: ring, count: 1 }, seasonId: 19 }, /not both in season 19/],
      [
        {
          item: { participantItemId: ring, count: 1 },
          payment: { kind: 'items', items: [{ participantItemId: await idOf(third, POTION), count: 1 }] },
        },
        /no longer in the buyer/,
      ],
    ];
    const failed = await witness('season.settlement-failed.v1', (x) => x.data.tradeListingId === 103);
    try {
      for (const [over, reason] of cases) {
        const doc = await onSettlementRequested(h.svc.stash, request({ tradeListingId: 103, ...over }));
        expect([doc.state, doc.reason]).toEqual(['failed', expect.stringMatching(reason)]);
      }
      await eventually(async () => failed.seen.length === cases.length, 30_000);
    } finally {
      await failed.stop();
    }
    expect(await totals(h, everyone)).toEqual(before);
  });

  it('when a step crashes (a port that throws once), then the redelivered event or the sweep finishes the settlement exactly once', async () => {
    const before = await totals(h, everyone);
    const sword = await idOf(seller, SWORD);
    const e = request({
      tradeListingId: 104,
      item: { participantItemId: sword, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 30 },
    });
    let thrown = 0;
    h.svc.stash.faults = {
      beforeStep: (op, step) => {
        if (op === e.settlementId && step === 1 && thrown === 0) {
          thrown += 1;
          throw new Error('simulated crash before step 1');
        }
      },
    };
    try {
      // Direct: the crash leaves step 0 (the buyer's payment) applied and the rest not.
      await expect(onSettlementRequested(h.svc.stash, e)).rejects.toThrow('simulated crash');
      expect((await balancesOf(h, buyer.id)).Scrap).toBe(720);
      // (The service's own 10 s sweep may already have resumed it; either way one sweep finishes it.)
      expect(['applying', 'done']).toContain(
        (await h.svc.stash.models.Settlement.findById(e.settlementId).lean<{ state: string }>())!.state,
      );
      await sweepSettlements(h.svc.stash);
      expect((await h.svc.stash.models.Settlement.findById(e.settlementId).lean<{ state: string }>())!.state).toBe(
        'done',
      );
      expect(await totals(h, everyone)).toEqual(before);
      expect((await balancesOf(h, buyer.id)).Scrap).toBe(720);
      expect((await itemsOf(h, buyer.id)).some((i) => i._id === sword)).toBe(true);

      // Through Kafka: the handler throws once at step 2, the bus retries, it completes once.
      const potions = await idOf(third, POTION);
      const e2 = request({
        tradeListingId: 105,
        sellerParticipantId: third.id,
        item: { participantItemId: potions, count: 5 },
        payment: { kind: 'currency', currency: 'Scrap', amount: 20 },
      });
      let crashes = 0;
      h.svc.stash.faults = {
        beforeStep: (op, step) => {
          if (op === e2.settlementId && step === 2 && crashes === 0) {
            crashes += 1;
            throw new Error('simulated crash before step 2');
          }
        },
      };
      const completed = await witness('season.settlement-completed.v1', (x) => x.data.settlementId === e2.settlementId);
      try {
        const before2 = await totals(h, everyone);
        await h.svc.bus.publish(settlementRequestedV1, e2, String(e2.tradeListingId));
        await h.svc.bus.publish(settlementRequestedV1, e2, String(e2.tradeListingId));
        await eventually(async () => completed.seen.length >= 1, 60_000);
        await new Promise((r) => setTimeout(r, 2000));
        expect(crashes).toBe(1);
        expect(completed.seen).toHaveLength(1);
        expect(await totals(h, everyone)).toEqual(before2);
        expect((await balancesOf(h, third.id)).Scrap).toBe(320);
      } finally {
        await completed.stop();
      }
    } finally {
      h.svc.stash.faults = undefined;
    }
  });

  it('when many random settlements run (some concurrently, some repeated, some impossible), then every stack and balance sum is unchanged', async () => {
    const before = await totals(h, everyone);
    let rand = 12345;
    const next = (n: number) => {
      rand = (Math.imul(rand, 1103515245) + 12345) >>> 0;
      return rand % n;
    };
    const people = [seller, buyer, third];
    let completed = 0;
    let failed = 0;
    for (let round = 0; round < 12; round += 1) {
      const batch: Request[] = [];
      for (let k = 0; k < 3; k += 1) {
        const s = people[next(3)]!;
        const b = people.filter((p) => p !== s)[next(2)]!;
        const sItems = await itemsOf(h, s.id);
        const bItems = await itemsOf(h, b.id);
        if (!sItems.length) continue;
        const listed = sItems[next(sItems.length)]!;
        const count = 1 + next(listed.stackCount + 1); // sometimes one too many
        const payWithItems = bItems.length > 0 && next(2) === 0;
        const offered = bItems[next(Math.max(bItems.length, 1))];
        batch.push(
          request({
            tradeListingId: 200 + round,
            sellerParticipantId: s.id,
            buyerParticipantId: b.id,
            item: { participantItemId: listed._id, count },
            payment:
              payWithItems && offered
                ? { kind: 'items', items: [{ participantItemId: offered._id, count: 1 + next(offered.stackCount) }] }
                : { kind: 'currency', currency: 'Scrap', amount: 1 + next(400) },
          }),
        );
      }
      const results = await Promise.all(
        [...batch, ...batch.slice(0, 1)].map((e) => onSettlementRequested(h.svc.stash, e)),
      );
      for (const r of results.slice(0, batch.length)) {
        if (r.state === 'done') completed += 1;
        else failed += 1;
      }
      expect(await totals(h, everyone)).toEqual(before);
    }
    expect(completed).toBeGreaterThan(5);
    console.log(
      `random settlements: ${completed} completed, ${failed} refused; totals unchanged: ${JSON.stringify(before)}`,
    );
  });
});
