import { createHash, randomUUID } from 'node:crypto';
import type { FileVersion } from '../src/data/file.repository';
import { processingVersion, startHarness, type Harness } from './support/harness';

jest.setTimeout(120_000);

/**
 * FerretDB does not isolate concurrent updates of one document (measured: 10 racing guarded updates,
 * 4 winners). Each of the repository's guarded updates holds the document's Redis lock, so exactly one
 * racer wins, on the real store.
 */
describe('the files repository under racing writers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  const version = async (over: Partial<FileVersion> = {}) =>
    h.svc.repo.create(
      processingVersion(h.svc, {
        slot: `mod:race-${randomUUID().slice(0, 6)}.arz`,
        fileName: 'race.arz',
        modName: 'Race',
        ...over,
      }),
    );
  const digest = (i: number) => ({
    size: 100 + i,
    md5: createHash('md5').update(`racer ${i}`).digest('hex').toUpperCase(),
    sha256: createHash('sha256').update(`racer ${i}`).digest('hex'),
  });

  it('when 10 workers mark one upload ready at once, then exactly one wins with its digest', async () => {
    const v = await version();
    const won = await Promise.all(Array.from({ length: 10 }, (_, i) => h.svc.repo.markReady(v._id, digest(i))));
    console.log(`markReady race: ${won.filter(Boolean).length} winner(s) of 10`);
    expect(won.filter(Boolean)).toHaveLength(1);
    const stored = await h.svc.repo.files.findById(v._id).lean();
    const winner = won.indexOf(true);
    expect(stored).toMatchObject({ status: 'ready', ...digest(winner) });
  });

  it('when ready and failed race for one upload, then exactly one transition happens', async () => {
    const v = await version();
    const won = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? h.svc.repo.markReady(v._id, digest(i)) : h.svc.repo.markFailed(v._id, `refused by racer ${i}`),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const stored = await h.svc.repo.files.findById(v._id).lean();
    expect(stored!.status).toBe(won.indexOf(true) % 2 ? 'ready' : 'failed');
  });

  it('when 10 admins start the beta finalisation at once, then exactly one run starts and all see it', async () => {
    const runs = Array.from({ length: 10 }, () => randomUUID());
    const started = await Promise.all(runs.map((id) => h.svc.repo.startFinalisation(id)));
    const winners = started.filter((s) => s.started);
    console.log(`startFinalisation race: ${winners.length} winner(s) of 10`);
    expect(winners).toHaveLength(1);
    expect(new Set(started.map((s) => s.run.runId))).toEqual(new Set([winners[0]!.run.runId]));
    expect((await h.svc.repo.finalisation())!.runId).toBe(winners[0]!.run.runId);
    await h.svc.repo.failFinalisation(winners[0]!.run.runId, 'test run ended');
  });

  it('when 10 workers supersede the older versions of one slot at once, then each older version is superseded once', async () => {
    const slot = `mod:slot-${randomUUID().slice(0, 6)}.arz`;
    const base = Date.now() - 60_000;
    const older = [];
    for (let i = 0; i < 3; i += 1)
      older.push(await version({ slot, status: 'ready', createdAt: new Date(base + i * 1_000), readyAt: new Date() }));
    const newest = await version({ slot, status: 'ready', createdAt: new Date(base + 10_000), readyAt: new Date() });
    const counts = await Promise.all(Array.from({ length: 10 }, () => h.svc.repo.supersedeOlder(newest)));
    console.log(`supersedeOlder race: ${counts.reduce((a, b) => a + b, 0)} supersessions for 3 older versions`);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const stored = await h.svc.repo.files.find({ slot }).lean();
    expect(
      stored
        .filter((d) => d.status === 'superseded')
        .map((d) => d._id)
        .sort(),
    ).toEqual(older.map((o) => o._id).sort());
    expect(stored.find((d) => d._id === newest._id)!.status).toBe('ready');
  });
});
