import { createHash, randomUUID } from 'node:crypto';
import { redisChangeToken } from '@league/platform';
import pino from 'pino';
import { FileRepository } from '../src/data/file.repository';
import { processingVersion, startHarness, type Harness } from './support/harness';

jest.setTimeout(120_000);

/**
 * Each process holds the served versions under a change token in Redis: a version that became ready in one
 * replica is served by every other replica's next read, never an older list.
 */
describe('the served files held in each process', () => {
  let h: Harness;
  let other: FileRepository;
  beforeAll(async () => {
    h = await startHarness();
    // A second replica: its own repository and held lists on the same database and Redis.
    other = new FileRepository(h.svc.mongo, h.svc.locks, {
      token: redisChangeToken(h.svc.redis, h.svc.config.MONGO_DB, 'files:served'),
      logger: pino({ level: 'silent' }),
    });
  }, 60_000);
  afterAll(() => h?.stop());

  const processing = (slot: string, createdAt: Date) =>
    processingVersion(h.svc, { slot, createdAt, fileName: slot.slice(4), modName: 'Held' });
  const digest = (s: string) => ({
    size: s.length,
    md5: createHash('md5').update(s).digest('hex').toUpperCase(),
    sha256: createHash('sha256').update(s).digest('hex'),
  });
  const servedIds = async (repo: FileRepository, slot: string) =>
    (await repo.served('beta')).filter((v) => v.slot === slot).map((v) => v._id);

  it('when a version becomes ready in one replica, then the next read of another replica serves it', async () => {
    const slot = `mod:held-${randomUUID().slice(0, 6)}.arz`;
    const first = await h.svc.repo.create(processing(slot, new Date(Date.now() - 1_000)));
    await h.svc.repo.markReady(first._id, digest('first'));
    // Both replicas hold a list with the first version.
    expect(await servedIds(h.svc.repo, slot)).toEqual([first._id]);
    expect(await servedIds(other, slot)).toEqual([first._id]);

    for (let round = 0; round < 5; round++) {
      const next = await h.svc.repo.create(processing(slot, new Date()));
      expect(await h.svc.repo.markReady(next._id, digest(`round ${round}`))).toBe(true);
      // No wait: the write has answered, so the other replica's read must already see it.
      expect(await servedIds(other, slot)).toEqual([next._id]);
    }
  });

  it('when the other replica writes, then this one serves the new version too', async () => {
    const slot = `mod:held-${randomUUID().slice(0, 6)}.arz`;
    expect(await servedIds(h.svc.repo, slot)).toEqual([]);
    const v = await other.create(processing(slot, new Date()));
    expect(await other.markReady(v._id, digest('other'))).toBe(true);
    expect(await servedIds(h.svc.repo, slot)).toEqual([v._id]);
  });

  it('when nothing changed, then the held list is the same frozen list (no read of the database)', async () => {
    const a = await other.served('beta');
    const b = await other.served('beta');
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });
});
