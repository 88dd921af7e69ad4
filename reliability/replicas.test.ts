import { settlementCompletedV1, settlementFailedV1, settlementRequestedV1 } from '@league/contracts';
import { Cluster, launcherItem, pool, RING, SCRAP, sleep, SWORD, until, type Player } from './support/cluster';
import { groupMembers, markTopics, readSince } from './support/events';

const LISTINGS = 12;
const PRICE = 10;
const PURSE = 40;

/**
 * Two replicas of season and two of trade at once, as k8s runs them: different ports, the same databases,
 * Redis and Kafka, the same consumer groups. Participants join, list and buy through both; each listing is
 * bought by two buyers at once, one through each trade replica.
 */
describe('two replicas of the trade and season services', () => {
  let c: Cluster;
  let sellers: Player[];
  let buyers: Player[];
  let listings: Array<{ listingId: number; itemId: number }>;

  beforeAll(async () => {
    c = await Cluster.start('replicas', { season: 2, trade: 2 });
    sellers = await pool(Array.from({ length: LISTINGS }), 6, (_, i) =>
      c.player('Rseller', [launcherItem(i % 2 ? SWORD : RING)], i),
    );
    buyers = await pool(Array.from({ length: 2 * LISTINGS }), 6, (_, i) =>
      c.player('Rbuyer', [launcherItem(SCRAP, PURSE)], i),
    );
    await c.tradeKnows([...sellers, ...buyers]);
    listings = await pool(sellers, 4, (s, i) => c.list(s, PRICE, i));
  }, 300_000);

  afterAll(async () => {
    await c?.stop();
  });

  it('when the replicas share the consumer groups, then the settlement requests’ partitions are split between both season replicas', async () => {
    const stash = await until(
      'both season replicas in the stash settlements group',
      async () => {
        const m = await groupMembers(`${c.seasonEnv.SEASON_CONSUMER_GROUP}-stash-settlements`);
        return m.length === 2 && m;
      },
      60_000,
    );
    const topic = c.wire(settlementRequestedV1.topic);
    const split = stash.map((m) => (m.topics[topic] ?? []).slice().sort());
    expect(split.every((p) => p.length > 0)).toBe(true);
    expect(split.flat().sort()).toEqual([0, 1, 2]);
    const trade = await groupMembers(c.tradeEnv.TRADE_CONSUMER_GROUP!);
    const completions = trade.filter((m) => (m.topics[c.wire(settlementCompletedV1.topic)] ?? []).length > 0);
    expect(completions.length).toBe(2);
    console.log(
      `replicas: season stash settlements group ${stash.length} members, ${topic} partitions ${JSON.stringify(split)}; trade group ${trade.length} members, ${completions.length} reading completions`,
    );
  });

  it('when buyouts go alternately to both trade replicas (half of the listings also raced by a second buyer on the other one), then each listing settles once with one winner', async () => {
    const everyone = [...sellers, ...buyers].map((p) => p.id);
    const before = await c.totals(everyone);
    const mark = await markTopics(c.sagaTopics);
    const t0 = Date.now();
    // Listing i: a buyout through replica i % 2; on the second half a rival's at once through the other.
    const raced = (i: number) => i >= LISTINGS / 2;
    const replies = await Promise.all(
      listings.flatMap((l, i) => [
        c.buyout(buyers[2 * i]!, l.listingId, i % 2),
        raced(i) ? c.buyout(buyers[2 * i + 1]!, l.listingId, (i + 1) % 2) : Promise.resolve({ status: 409, body: {} }),
      ]),
    );
    const winnerOf = new Map<number, { buyer: Player; replica: number; settlementId: string }>();
    listings.forEach((l, i) => {
      const pair = [replies[2 * i]!, replies[2 * i + 1]!];
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
      if (raced(i)) expect(pair.find((r) => r.status === 409)!.body.message).toMatch(/being settled/);
      const k = pair[0]!.status === 200 ? 0 : 1;
      winnerOf.set(l.listingId, {
        buyer: buyers[2 * i + k]!,
        replica: k === 0 ? i % 2 : (i + 1) % 2,
        settlementId: pair[k]!.body.settlementId as string,
      });
    });
    const ids = listings.map((l) => l.listingId);
    await until(
      'every listing settled',
      async () => (await c.listings(ids)).every((l) => l.state === 'closed' && l.closedReason === 'settled'),
      120_000,
    );
    const settledMs = Date.now() - t0;
    await sleep(3_000);
    const log = await readSince(mark);
    const requested = log[c.wire(settlementRequestedV1.topic)]!;
    const completed = log[c.wire(settlementCompletedV1.topic)]!;
    const failed = log[c.wire(settlementFailedV1.topic)]!;
    const settlementIds = new Set([...winnerOf.values()].map((w) => w.settlementId));
    expect(new Set(requested.map((e) => e.data.settlementId))).toEqual(settlementIds);
    const completions = new Map<string, Set<string>>();
    for (const e of completed)
      completions.set(e.data.settlementId, (completions.get(e.data.settlementId) ?? new Set()).add(e.id));
    expect(new Set(completions.keys())).toEqual(settlementIds);
    expect([...completions.values()].every((s) => s.size === 1)).toBe(true);
    expect(failed).toHaveLength(0);
    expect(await c.settlementStates()).toEqual({ done: LISTINGS });

    const after = await c.totals(everyone);
    expect(after).toEqual(before);
    const live = await c.itemsOf(everyone);
    for (const l of listings)
      expect(live.filter((i) => i._id === l.itemId).map((i) => i.seasonParticipantId)).toEqual([
        winnerOf.get(l.listingId)!.buyer.id,
      ]);
    // Both replicas answer the same state (the read model in the shared database, each one's search index).
    for (const t of c.trades) {
      const seen = await Promise.all(
        sellers.map(async (s) => {
          const r = await fetch(`${t.url}/trade/participant/${s.id}/trade-listings?branch=prod`, {
            headers: { authorization: `Bearer ${s.token}` },
          });
          return (await r.json()) as unknown[];
        }),
      );
      expect(seen.every((mine) => mine.length === 0)).toBe(true);
    }
    const viaReplica = [0, 1].map((k) => [...winnerOf.values()].filter((w) => w.replica === k).length);
    expect(viaReplica.every((n) => n > 0)).toBe(true);
    console.log(
      [
        `replicas: ${LISTINGS} listings bought alternately through both trade replicas (${LISTINGS / 2} raced by a rival on the other): ${LISTINGS} settled after ${settledMs} ms, winners via replica 0/1: ${viaReplica.join('/')}`,
        `  wire: ${requested.length} requested, ${completed.length} completed (${new Set(completed.map((e) => e.id)).size} distinct), ${failed.length} failed`,
        `  totals before ${JSON.stringify(before)} after ${JSON.stringify(after)}`,
      ].join('\n'),
    );
  });
});
