import { announceParticipants } from '../src/domain/stash/announce';
import { sweepStashOps } from '../src/domain/stash/ops';
import { seedDemoStashes } from '../src/domain/stash/seed';
import { balancesOf, item, itemsOf, player, POTION, SCRAP, SWORD, totals, upload } from './stash.support';
import { bootSeason, eventually, unique, witness, type Harness } from './support/season';

// This run's stash consumers start at the end of the shared topics (earlier runs' events name the same ids).
process.env.SEASON_STASH_FROM_BEGINNING = '0';

jest.setTimeout(180_000);

describe('cloud stash operations, announcements and the demo seed', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await bootSeason();
  });

  afterAll(async () => {
    h.svc.stash.faults = undefined;
    await h?.stop();
  });

  it('when an upload crashes half way (a port that throws once), then the retry finishes it and stores everything once', async () => {
    const p = await player(h);
    const batch = [item(SWORD), item(POTION, { stackCount: 4 }), item(SCRAP, { stackCount: 60 })];
    let crashes = 0;
    h.svc.stash.faults = {
      beforeStep: (op, step) => {
        if (op.startsWith('upload:') && step === 1 && crashes === 0) {
          crashes += 1;
          throw new Error('simulated crash after the items, before the wallet');
        }
      },
    };
    try {
      expect((await upload(h, p, batch)).status).toBe(500);
      expect(await itemsOf(h, p.id)).toHaveLength(2);
      expect((await balancesOf(h, p.id)).Scrap).toBe(0);
      const retry = await upload(h, p, batch);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual({ stored: 2, currencies: { Scrap: 60 }, held: 0 });
      expect(await itemsOf(h, p.id)).toHaveLength(2);
      expect((await balancesOf(h, p.id)).Scrap).toBe(60);
    } finally {
      h.svc.stash.faults = undefined;
    }
  });

  it('when a partial withdraw crashes between its two writes, then the sweep completes the split once', async () => {
    const p = await player(h);
    await upload(h, p, [item(POTION, { stackCount: 9 })]);
    const before = await totals(h, [p.id]);
    const [stack] = await itemsOf(h, p.id);
    let crashes = 0;
    h.svc.stash.faults = {
      beforeStep: (op, step) => {
        if (op.startsWith('split:') && step === 1 && crashes === 0) {
          crashes += 1;
          throw new Error('simulated crash after the new item');
        }
      },
    };
    try {
      const res = await h.call('POST', `/season/participant/${p.id}/toggle-transfer/${stack!._id}?withdrawAmount=3`, {
        token: p.token,
      });
      expect(res.status).toBe(500);
      await sweepStashOps(h.svc.stash);
      const after = await itemsOf(h, p.id);
      expect(after.map((i) => [i.stackCount, i.queued])).toEqual([
        [6, false],
        [3, true],
      ]);
      expect(await totals(h, [p.id])).toEqual(before);
      expect(await sweepStashOps(h.svc.stash)).toBe(0);
    } finally {
      h.svc.stash.faults = undefined;
    }
  });

  it('when a player joins, then participant-joined carries the season type; older participants are announced once at start', async () => {
    const joined = await witness('season.participant-joined.v1', (e) => e.data.username.startsWith('Announce'));
    try {
      const p = await player(h, 19, [], 'Announce');
      const old = unique('AnnounceOld');
      await h.svc.ctx.models.Participant.collection.insertOne({
        _id: 77_000_001,
        seasonId: 18,
        userId: `user-${old}`,
        username: old,
        usernameKey: old.toLowerCase(),
        joinedAt: new Date(),
        rev: 0,
        challenges: [],
        outbox: [],
      } as never);
      expect(await announceParticipants(h.svc.stash)).toBeGreaterThanOrEqual(1);
      expect(await announceParticipants(h.svc.stash)).toBe(0);
      h.svc.relay.kick();
      await eventually(async () => joined.seen.length >= 2, 30_000);
      await new Promise((r) => setTimeout(r, 1000));
      const byName = (name: string) => joined.seen.filter((e) => e.data.username === name).map((e) => e.data);
      expect(byName(p.username)).toEqual([expect.objectContaining({ seasonId: 19, seasonTypeId: 2, isBeta: false })]);
      expect(byName(old)).toEqual([
        expect.objectContaining({ seasonParticipantId: 77_000_001, seasonId: 18, seasonTypeId: 1, isBeta: false }),
      ]);
    } finally {
      await joined.stop();
    }
  });

  it('when the demo seed runs twice, then player1–3 have the same stashes on ladders 18 and 16', async () => {
    const first = await seedDemoStashes(h.svc.stash);
    expect(first).toEqual({ participants: 6, items: 48 });
    const ids = (
      await h.svc.ctx.models.Participant.find(
        { usernameKey: /^player[123]$/, seasonId: { $in: [16, 18] } },
        { _id: 1 },
      ).lean<Array<{ _id: number }>>()
    ).map((p) => p._id);
    expect(ids).toHaveLength(6);
    const before = await totals(h, ids);
    await seedDemoStashes(h.svc.stash);
    expect(await totals(h, ids)).toEqual(before);
    expect(before.Scrap).toBe(2 * (500 + 600 + 700));
    const token = await h.token('player1');
    const p1 = ids.find((id) => Math.floor(id / 100_000) === 18)!;
    const page = await h.call('GET', `/season/participant/${p1}/stash`, { token });
    expect(page.body).toMatchObject({ itemCount: 8, capacity: 250 });
  });
});
