import pino from 'pino';
import type { SeasonDoc } from '../data/models';
import { SNAPSHOT_MAX_AGE_MS, type ChangeToken } from '@league/platform';
import { SeasonDirectory } from './season-directory';

const season = (id: number, ladderVersion = 0): SeasonDoc => ({
  _id: id,
  displayName: `Season ${id}`,
  isBeta: false,
  seasonTypeId: 1,
  seasonNumber: 7,
  modName: 'GrimLeagueS07',
  modNameKey: 'grimleagues07',
  participationTag: 'gdl_s07_sc_trade',
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2026-04-01T00:00:00Z'),
  ladderVersion,
});

/** The directory's token and documents as the engines would answer them, each changeable. */
function storeOf() {
  const store = {
    token: 't1',
    docs: [season(18)],
    reads: 0,
    tokenFails: false,
    /** While set, reads wait for it (to order two reads). */
    hold: undefined as Promise<void> | undefined,
  };
  const token: ChangeToken = {
    current: async () => {
      if (store.tokenFails) throw new Error('redis away');
      return store.token;
    },
    replace: async () => {
      store.token = `t${Number(store.token.slice(1)) + 1}`;
    },
  };
  const readAll = async () => {
    store.reads += 1;
    const docs = store.docs.map((d) => ({ ...d }));
    await store.hold;
    return docs;
  };
  return { store, directory: new SeasonDirectory(token, readAll, pino({ level: 'silent' })) };
}

describe('the season directory', () => {
  afterEach(() => jest.useRealTimers());

  it('when the token is unchanged, then the documents are read once; a write that replaced it is seen by the next read', async () => {
    const { store, directory } = storeOf();
    expect((await directory.byId(18))?.ladderVersion).toBe(0);
    await directory.all();
    expect(store.reads).toBe(1);
    // Another instance writes, then replaces the token.
    store.docs = [season(18, 1), season(19)];
    store.token = 't9';
    expect((await directory.byId(18))?.ladderVersion).toBe(1);
    expect((await directory.all()).map((s) => s._id)).toEqual([18, 19]);
    expect(store.reads).toBe(2);
  });

  it('when this instance writes, then its own next read reads again, and so do the others', async () => {
    const { store, directory } = storeOf();
    const other = new SeasonDirectory(
      { current: async () => store.token, replace: async () => undefined },
      async () => store.docs,
      pino({ level: 'silent' }),
    );
    await directory.all();
    await other.all();
    store.docs = [season(18, 5)];
    await directory.changed();
    expect((await directory.byId(18))?.ladderVersion).toBe(5);
    expect((await other.byId(18))?.ladderVersion).toBe(5);
  });

  it('when reads come together after a change, then they share one read of the documents', async () => {
    const { store, directory } = storeOf();
    const seen = await Promise.all([directory.all(), directory.byId(18), directory.all()]);
    expect(seen[1]?._id).toBe(18);
    expect(store.reads).toBe(1);
  });

  it('when a read of an older token ends after a newer one, then the newer documents stay', async () => {
    const { store, directory } = storeOf();
    let release!: () => void;
    store.hold = new Promise<void>((r) => (release = r));
    const slow = directory.byId(18); // reads under t1, held
    await new Promise((r) => setImmediate(r));
    store.hold = undefined;
    store.docs = [season(18, 2)];
    store.token = 't2';
    expect((await directory.byId(18))?.ladderVersion).toBe(2);
    release();
    expect((await slow)?.ladderVersion).toBe(0);
    expect((await directory.byId(18))?.ladderVersion).toBe(2);
    expect(store.reads).toBe(2);
  });

  it('when the token cannot be read, then every call reads the documents', async () => {
    const { store, directory } = storeOf();
    store.tokenFails = true;
    await directory.all();
    await directory.all();
    expect(store.reads).toBe(2);
  });

  it('when a snapshot is older than its bound, then it is read again even under the same token', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { store, directory } = storeOf();
    await directory.all();
    store.docs = [season(18, 3)]; // written without replacing the token (a seed from the command line)
    jest.setSystemTime(Date.now() + SNAPSHOT_MAX_AGE_MS - 1);
    expect((await directory.byId(18))?.ladderVersion).toBe(0);
    jest.setSystemTime(Date.now() + 2);
    expect((await directory.byId(18))?.ladderVersion).toBe(3);
  });

  it('when a caller tries to change a shared document, then it cannot', async () => {
    const { directory } = storeOf();
    const doc = (await directory.byId(18))!;
    expect(() => {
      (doc as { displayName: string }).displayName = 'Mine';
    }).toThrow(TypeError);
  });
});
