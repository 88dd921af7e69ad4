import { settlementCompletedV1, settlementFailedV1, settlementRequestedV1 } from '@league/contracts';
import {
  Cluster,
  launcherItem,
  pool,
  RING,
  SCRAP,
  sleep,
  SWORD,
  until,
  type Player,
  type Reply,
} from './support/cluster';
import { markTopics, readSince } from './support/events';

const LISTINGS = 20;
const BUYERS = 200;
const PRICE = 10;
const PURSE = 100;

/**
 * The saga under contention, on the real engines: season and trade each in a process of their own, 200
 * distinct buyers (each able to pay) sending their buyouts at once over 20 listings.
 */
describe('200 parallel buyouts over 20 listings', () => {
  let c: Cluster;
  let sellers: Player[];
  let buyers: Player[];
  let listings: Array<{ listingId: number; itemId: number }>;

  beforeAll(async () => {
    const t0 = Date.now();
    c = await Cluster.start('concurrency');
    sellers = await pool(Array.from({ length: LISTINGS }), 6, (_, i) =>
      c.player('Seller', [launcherItem(i % 2 ? SWORD : RING)]),
    );
    buyers = await pool(Array.from({ length: BUYERS }), 6, () => c.player('Buyer', [launcherItem(SCRAP, PURSE)]));
    await c.tradeKnows([...sellers, ...buyers]);
    listings = await pool(sellers, 5, (s) => c.list(s, PRICE));
    console.log(
      `concurrency setup: ${sellers.length} sellers, ${buyers.length} buyers, ${listings.length} listings in ${((Date.now() - t0) / 1000).toFixed(1)}s`,
    );
  }, 400_000);

  afterAll(async () => {
    await c?.stop();
  });

  it('when 200 distinct buyers buy out 20 listings at once (10 per listing), then exactly 20 settle, 180 get 409, totals are unchanged and each item is in exactly one stash', async () => {
    const everyone = [...sellers, ...buyers].map((p) => p.id);
    const before = await c.totals(everyone);
    expect(before).toEqual({ [RING]: LISTINGS / 2, [SWORD]: LISTINGS / 2, Scrap: BUYERS * PURSE });
    const mark = await markTopics(c.sagaTopics);

    const t0 = Date.now();
    const timed: Array<Reply & { ms: number }> = await Promise.all(
      buyers.map(async (b, i) => {
        const r = await c.buyout(b, listings[i % LISTINGS]!.listingId);
        return { ...r, ms: Date.now() - t0 };
      }),
    );
    const replies: Reply[] = timed;
    const answeredMs = Date.now() - t0;
    const statuses: Record<number, number> = {};
    for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    // Every refusal is the documented one: 409 with a message. Any other reply is printed in full.
    const refusals = timed.filter((r) => r.status !== 200);
    const unexpected = timed
      .map((r, i) => ({ ...r, buyer: buyers[i]!.username, listingId: listings[i % LISTINGS]!.listingId }))
      .filter((r) => r.status !== 200 && !(r.status === 409 && typeof r.body?.message === 'string'));
    if (unexpected.length)
      console.error(
        `unexpected buyout replies:\n${unexpected
          .map((r) => `  ${r.buyer} on listing ${r.listingId}: ${r.status} ${JSON.stringify(r.body)} after ${r.ms} ms`)
          .join('\n')}`,
      );
    expect(unexpected).toEqual([]);
    const slowestRefusalMs = Math.max(0, ...refusals.map((r) => r.ms));
    const reasons = [...new Set(refusals.map((r) => r.body.message as string))];
    expect(statuses).toEqual({ 200: LISTINGS, 409: BUYERS - LISTINGS });

    // One winner per listing, and who won is who pays.
    const winner = new Map<number, { buyer: Player; settlementId: string }>();
    replies.forEach((r, i) => {
      if (r.status !== 200) return;
      const listingId = listings[i % LISTINGS]!.listingId;
      expect(winner.has(listingId)).toBe(false);
      winner.set(listingId, { buyer: buyers[i]!, settlementId: r.body.settlementId as string });
    });
    expect(winner.size).toBe(LISTINGS);

    const ids = listings.map((l) => l.listingId);
    await until(
      'every listing closed as settled',
      async () => (await c.listings(ids)).every((l) => l.state === 'closed' && l.closedReason === 'settled'),
      120_000,
    );
    const settledMs = Date.now() - t0;
    // Room for a late duplicate before the wire is read back.
    await sleep(3_000);
    const wireLog = await readSince(mark);
    const requested = wireLog[c.wire(settlementRequestedV1.topic)]!;
    const completed = wireLog[c.wire(settlementCompletedV1.topic)]!;
    const failed = wireLog[c.wire(settlementFailedV1.topic)]!;
    // One settlement requested per listing (the winner's), one completion event per settlement, no failure.
    expect(new Set(requested.map((e) => e.data.settlementId)).size).toBe(LISTINGS);
    expect(requested.map((e) => e.data.settlementId).sort()).toEqual(
      [...new Set([...winner.values()].map((w) => w.settlementId))].sort(),
    );
    const completionIds = new Map<string, Set<string>>();
    for (const e of completed)
      completionIds.set(e.data.settlementId, (completionIds.get(e.data.settlementId) ?? new Set()).add(e.id));
    expect(completionIds.size).toBe(LISTINGS);
    expect([...completionIds.values()].every((s) => s.size === 1)).toBe(true);
    expect(failed).toHaveLength(0);
    expect(await c.settlementStates()).toEqual({ done: LISTINGS });

    // Conservation, and each sold item in exactly one stash: the winner's.
    const after = await c.totals(everyone);
    expect(after).toEqual(before);
    const live = await c.itemsOf(everyone);
    for (const l of listings) {
      const holders = live.filter((i) => i._id === l.itemId);
      expect(holders.map((h) => h.seasonParticipantId)).toEqual([winner.get(l.listingId)!.buyer.id]);
    }
    const winners = new Set([...winner.values()].map((w) => w.buyer.id));
    const scrap = await c.balances(everyone);
    expect(sellers.map((s) => scrap.get(s.id))).toEqual(sellers.map(() => PRICE));
    expect(buyers.map((b) => scrap.get(b.id))).toEqual(buyers.map((b) => (winners.has(b.id) ? PURSE - PRICE : PURSE)));

    console.log(
      [
        `concurrency: ${BUYERS} buyouts over ${LISTINGS} listings answered in ${answeredMs} ms, all settled after ${settledMs} ms`,
        `  statuses ${JSON.stringify(statuses)}; refusal messages ${JSON.stringify(reasons)}; the slowest refusal ${slowestRefusalMs} ms`,
        `  on the wire: ${requested.length} settlement-requested (${new Set(requested.map((e) => e.id)).size} distinct), ${completed.length} settlement-completed (${new Set(completed.map((e) => e.id)).size} distinct), ${failed.length} failed`,
        `  totals before ${JSON.stringify(before)}`,
        `  totals after  ${JSON.stringify(after)}`,
      ].join('\n'),
    );
  });
});
