import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { settlementRequestedV1, type EventData } from '@league/contracts';
import { buildEnvelope } from '@league/platform';
import { Kafka, logLevel } from 'kafkajs';
import { start, type SeasonService } from '../src/server';
import { balancesOf, item, itemsOf, player, SCRAP, SWORD, totals, upload, type Player } from './stash.support';
import { bootSeason, eventually, witness, type Harness } from './support/season';

// This run's stash consumers start at the end of the shared topics (earlier runs' events name the same ids).
process.env.SEASON_STASH_FROM_BEGINNING = '0';

jest.setTimeout(300_000);

/** Starts the season service in its own node process; resolves once it serves. */
function startChild(env: NodeJS.ProcessEnv, killAt?: { settlementId: string; step: number }) {
  return new Promise<{ child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(__dirname, '../../../packages/platform/test/support/ts-register.js'),
        path.join(__dirname, 'support/season-child.ts'),
        JSON.stringify(env),
        ...(killAt ? [killAt.settlementId, String(killAt.step)] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<NodeJS.Signals | number | null>((r) =>
      child.on('exit', (code, signal) => r(signal ?? code)),
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      if (out.includes('\n')) resolve({ child, exited });
    });
    child.stderr!.on('data', (d: Buffer) => (err += String(d)));
    void exited.then((how) => reject(new Error(`season child exited (${String(how)}) before serving: ${err}`)));
  });
}

describe('the season service killed mid-settlement', () => {
  let h: Harness;
  let seller: Player;
  let buyer: Player;
  let after: SeasonService | undefined;
  const children: ChildProcess[] = [];
  const kafka = new Kafka({
    clientId: 'season-kill-test',
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();

  beforeAll(async () => {
    h = await bootSeason();
    seller = await player(h, 18, [], 'Killseller');
    buyer = await player(h, 18, [], 'Killbuyer');
    await upload(h, seller, [item(SWORD)]);
    await upload(h, buyer, [item(SCRAP, { stackCount: 500 })]);
    await producer.connect();
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await producer.disconnect();
    await after?.stop();
    await h?.stop();
  });

  it('when the process dies between the buyer paying and the item moving, then after a restart the settlement completes exactly once and nothing is lost', async () => {
    const everyone = [seller.id, buyer.id];
    const before = await totals(h, everyone);
    const sword = (await itemsOf(h, seller.id)).find((i) => i.item.name === SWORD)!._id;
    const e: EventData<typeof settlementRequestedV1> = {
      settlementId: randomUUID(),
      tradeListingId: 901,
      tradeOfferId: null,
      seasonId: 18,
      sellerParticipantId: seller.id,
      buyerParticipantId: buyer.id,
      item: { participantItemId: sword, count: 1 },
      payment: { kind: 'currency', currency: 'Scrap', amount: 30 },
      requestedAt: new Date().toISOString(),
    };
    // From here on the service runs only in child processes, on the same database and consumer group.
    await h.svc.stop();

    const completed = await witness('season.settlement-completed.v1', (x) => x.data.settlementId === e.settlementId);
    try {
      // Step 0 pays the seller from the buyer; the process dies just before step 1 moves the sword.
      const first = await startChild(h.env, { settlementId: e.settlementId, step: 1 });
      children.push(first.child);
      // The child's consumer starts at the end of the topic once it has its partitions, which may be after
      // start() returned: the request is sent again until the child dies (a redelivery is a no-op by design).
      const request = {
        topic: settlementRequestedV1.topic,
        messages: [{ key: String(e.tradeListingId), value: JSON.stringify(buildEnvelope(settlementRequestedV1, e)) }],
      };
      let died = false;
      void first.exited.then(() => (died = true));
      for (const deadline = Date.now() + 120_000; !died && Date.now() < deadline;) {
        await producer.send(request);
        await Promise.race([first.exited, new Promise((r) => setTimeout(r, 3_000))]);
      }
      expect(died).toBe(true);
      expect(await first.exited).toBe('SIGKILL');
      expect(completed.seen).toHaveLength(0);

      // A new process on the same database and group: the sweep or the redelivered request finishes it.
      const second = await startChild(h.env);
      children.push(second.child);
      await eventually(async () => completed.seen.length >= 1, 150_000);
      // Settle time for a duplicate: the redelivered request (if the sweep finished first) must publish nothing.
      await new Promise((r) => setTimeout(r, 5_000));
      second.child.kill('SIGKILL');
      await second.exited;
      expect(completed.seen).toHaveLength(1);
      expect(completed.seen[0]!.data).toMatchObject({ tradeListingId: 901, buyerItemIds: [sword], sellerItemIds: [] });
    } finally {
      await completed.stop();
    }

    // Read back in this process again: the sword moved once, the price was paid once, nothing else changed.
    after = await start(h.env);
    const view = { ...h, svc: after };
    expect(await totals(view, everyone)).toEqual(before);
    expect((await itemsOf(view, buyer.id)).map((i) => i._id)).toContain(sword);
    expect((await itemsOf(view, seller.id)).map((i) => i._id)).not.toContain(sword);
    expect((await balancesOf(view, buyer.id)).Scrap).toBe(470);
    expect((await balancesOf(view, seller.id)).Scrap).toBe(30);
    expect((await after.stash.models.Settlement.findById(e.settlementId).lean<{ state: string }>())!.state).toBe(
      'done',
    );
  });
});
