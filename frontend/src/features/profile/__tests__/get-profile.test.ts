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

  it('when the early answer is for another branch or too old, then it is not used', async () => {
    prefetchProfile('beta');
    await getProfile('prod');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('branch=prod');

    jest.useFakeTimers({ now: Date.now() });
    try {
      prefetchProfile('prod');
      jest.setSystemTime(Date.now() + 10_000);
      void getProfile('prod');
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
  });
});
