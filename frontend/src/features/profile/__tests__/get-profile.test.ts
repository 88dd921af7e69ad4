import { EARLY_FOR_MS } from '@/lib/api-client';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { getProfile, prefetchProfile } from '../api/get-profile';

const fetchMock = installFetchMock();

describe('the profile asked for ahead', () => {
  beforeEach(() => fetchMock.mockResolvedValue(fakeResponse({ body: { username: 'player1' } })));

  it('when the profile was asked for while the screens loaded, then their first ask takes that answer and the next asks again', async () => {
    prefetchProfile('prod');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await getProfile('prod')).toEqual({ username: 'player1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await getProfile('prod');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when the profile is asked for ahead twice (by the early entry, then by the router), then one request serves the screen', async () => {
    prefetchProfile('prod');
    prefetchProfile('prod');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await getProfile('prod')).toEqual({ username: 'player1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the early answer is for another branch or too old, then it is not used', async () => {
    prefetchProfile('beta');
    await getProfile('prod');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('branch=prod');

    jest.useFakeTimers({ now: Date.now() });
    try {
      prefetchProfile('prod');
      jest.setSystemTime(Date.now() + EARLY_FOR_MS);
      void getProfile('prod');
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the early entry (src/early.ts)', () => {
  const signIn = () => {
    document.cookie = `authToken=${encodeURIComponent(JSON.stringify({ role: 'User', access_token: 'token' }))}; path=/`;
  };
  const runEarlyEntry = async (hash: string) => {
    window.location.hash = hash;
    await jest.isolateModulesAsync(async () => {
      await import('@/early');
    });
  };

  beforeEach(() => fetchMock.mockResolvedValue(fakeResponse({ body: { username: 'player1' } })));
  afterEach(() => {
    document.cookie = 'authToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.location.hash = '';
  });

  it.each(['#/profile/stash?st=1', '#/profile', '#/seasons/18/trading-post'])(
    'when the site is opened signed in on %s, then the profile is asked for before the app runs',
    async (hash) => {
      signIn();
      await runEarlyEntry(hash);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/season/profile?branch=prod');
      expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token' });
    },
  );

  it.each(['#/', '#/leaderboard', '#/seasons/18/builds', '#/profiles', '#/items', '#/item/0'])(
    'when the site is opened on %s, then it asks for nothing',
    async (hash) => {
      signIn();
      await runEarlyEntry(hash);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("when the site is opened on a season's leaderboard, then the season and its ladder are asked for before the app runs", async () => {
    await runEarlyEntry('#/seasons/18/leaderboard?hc=1');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/season/18', '/api/season/18/leaderboard']);
  });

  it("when the site is opened on an item's page, then the item and its display are asked for before the app runs", async () => {
    await runEarlyEntry('#/item/5');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/season/item/5',
      '/api/season/item/5/stats',
    ]);
  });

  it('when a visitor who is not signed in opens a profile screen, then it asks for nothing', async () => {
    await runEarlyEntry('#/profile/stash');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
