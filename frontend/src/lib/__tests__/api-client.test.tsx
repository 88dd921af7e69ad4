import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient, BUSY_DELAY_MS, earlyAnswer, GENERIC_ERROR_MESSAGE, prefetch } from '@/lib/api-client';
import { writeLanguage } from '@/lib/language';
import { fakeResponse } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';

/** Runs an API call inside act (it updates the store) and returns its result or its error. */
async function settle<T>(call: () => Promise<T>): Promise<T | unknown> {
  let outcome: T | unknown;
  await act(async () => {
    outcome = await call().catch((error: unknown) => error);
  });
  return outcome;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function sentRequest(call = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  if (!url || !init) throw new Error(`fetch call ${call} was not made`);
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('api client', () => {
  it('when the authToken cookie holds an access token, then a GET carries the bearer header and no XSRF header', async () => {
    signIn('admin', 'token-abc');
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    fetchMock.mockResolvedValue(fakeResponse({ body: [{ seasonId: 18 }] }));
    renderApp('/');

    const seasons = await settle(() =>
      apiClient.get('/season/latest', { query: { includeChallenges: true, branch: 'prod' } }),
    );

    expect(seasons).toEqual([{ seasonId: 18 }]);
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/api/season/latest?includeChallenges=true&branch=prod');
    expect(init.method).toBe('GET');
    expect(headers['Authorization']).toBe('Bearer token-abc');
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('when a POST is sent, then it carries the XSRF header from the XSRF-TOKEN cookie, the bearer and a JSON body', async () => {
    signIn(null, 'token-xyz');
    document.cookie = 'XSRF-TOKEN=xsrf-%2Fabc; path=/';
    fetchMock.mockResolvedValue(fakeResponse({ status: 204 }));
    renderApp('/');

    await settle(() => apiClient.post('/user/socials', { username: 'Kymon', twitchUrl: '', youtubeUrl: '' }));

    const { init, headers } = sentRequest();
    expect(init.method).toBe('POST');
    expect(headers['X-XSRF-TOKEN']).toBe('xsrf-/abc');
    expect(headers['Authorization']).toBe('Bearer token-xyz');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'Kymon', twitchUrl: '', youtubeUrl: '' });
  });

  it('when nobody is logged in, then no Authorization header is sent', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: { utc: '2024-10-19T15:00:00Z' } }));
    renderApp('/');

    await settle(() => apiClient.get('/admin/time'));

    expect(sentRequest().headers['Authorization']).toBeUndefined();
  });

  it('when the API answers 400 with { message }, then the Error modal shows the message and the caller gets an ApiError', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 400, body: { message: 'Password cannot contain = sign' } }));
    renderApp('/');

    const failure = await settle(() => apiClient.post('/account/register-user', { username: 'a' }));

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'Password cannot contain = sign' });
    const modal = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(modal).getByText('Password cannot contain = sign')).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument());
  });

  it('when the API fails with a plain-text body, then the modal shows that text', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Season service unavailable' }));
    renderApp('/');

    expect(await settle(() => apiClient.get('/season/18'))).toMatchObject({ status: 500 });

    expect(await screen.findByText('Season service unavailable')).toBeInTheDocument();
  });

  it('when the API fails with an empty body, then the modal shows the generic message', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 502 }));
    renderApp('/');

    expect(await settle(() => apiClient.get('/season/18'))).toBeInstanceOf(ApiError);

    expect(await screen.findByText(GENERIC_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('when the caller handles the error itself, then no modal opens but the error is still thrown', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 400, body: { message: 'Email not found' } }));
    renderApp('/');

    const failure = await settle(() =>
      apiClient.post('/account/forgot-password', { email: 'x' }, { showError: false }),
    );

    expect(failure).toMatchObject({ status: 400, message: 'Email not found' });

    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('when the API answers 401, then the visitor is sent to /login and the error is shown', async () => {
    signIn(null);
    fetchMock.mockResolvedValue(fakeResponse({ status: 401, body: { message: 'Session expired' } }));
    const { router } = renderApp('/');

    expect(await settle(() => apiClient.get('/season/profile'))).toMatchObject({ status: 401 });

    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Session expired');
  });

  it('when the reader has chosen a language, then GETs and POSTs carry it as Accept-Language, unless the caller sets its own', async () => {
    writeLanguage('de');
    fetchMock.mockResolvedValue(fakeResponse({ body: {} }));
    renderApp('/');

    await settle(() => apiClient.get('/season/items'));
    await settle(() => apiClient.post('/trade/search', {}));
    await settle(() => apiClient.get('/season/items', { headers: { 'accept-language': 'fr' } }));
    writeLanguage(null);
    await settle(() => apiClient.get('/season/items'));

    expect(sentRequest(0).headers['Accept-Language']).toBe('de');
    expect(sentRequest(1).headers['Accept-Language']).toBe('de');
    expect(sentRequest(2).headers).toMatchObject({ 'accept-language': 'fr' });
    expect(sentRequest(2).headers['Accept-Language']).toBeUndefined();
    // Automatic: nothing of ours, so the browser sends its own.
    expect(sentRequest(3).headers['Accept-Language']).toBeUndefined();
  });

  describe('busy indicator', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('when a request is in flight for longer than 300 ms, then the busy indicator shows until it settles', async () => {
      let respond: (response: Response) => void = () => undefined;
      fetchMock.mockReturnValue(new Promise<Response>((resolve) => (respond = resolve)));
      renderApp('/');

      const pending = apiClient.get('/season/items');
      act(() => jest.advanceTimersByTime(BUSY_DELAY_MS - 1));
      expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();

      act(() => jest.advanceTimersByTime(1));
      // The bar is a lazy chunk: it arrives a moment after the busy state.
      expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

      await act(async () => {
        respond(fakeResponse({ body: [] }));
        await pending;
      });
      expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    });

    it('when a request settles within 300 ms, then the busy indicator never shows', async () => {
      fetchMock.mockResolvedValue(fakeResponse({ body: [] }));
      renderApp('/');

      await settle(() => apiClient.get('/season/items'));
      act(() => jest.advanceTimersByTime(BUSY_DELAY_MS * 2));

      expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    });
  });

  describe('a GET asked for ahead (src/early.ts)', () => {
    const early = '/api/season/18/leaderboard';
    const callsTo = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url).length;

    it('when it fails before the app is wired, then the request that takes it shows the Error modal, and the next one asks again', async () => {
      fetchMock.mockImplementation(async (url) =>
        url === early
          ? fakeResponse({ status: 503, body: { message: 'Season service unavailable' } })
          : fakeResponse({ body: [] }),
      );
      prefetch('/season/18/leaderboard');
      renderApp('/');

      expect(await settle(() => apiClient.get('/season/18/leaderboard'))).toMatchObject({ status: 503 });

      expect(callsTo(early)).toBe(1);
      expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Season service unavailable');
      await settle(() => apiClient.get('/season/18/leaderboard'));
      expect(callsTo(early)).toBe(2);
    });

    it('when the visitor signed in as someone else after it was asked for, then the request asks again with its own token', async () => {
      fetchMock.mockImplementation(async () => fakeResponse({ body: { leaderboardEntries: [] } }));
      signIn(null, 'token-before');
      prefetch('/season/18/leaderboard');
      signIn(null, 'token-after');
      renderApp('/');

      await settle(() => apiClient.get('/season/18/leaderboard'));

      const asked = fetchMock.mock.calls.filter(([called]) => called === early);
      expect(asked.map(([, init]) => (init.headers as Record<string, string>)['Authorization'])).toEqual([
        'Bearer token-before',
        'Bearer token-after',
      ]);
    });

    it('when it has answered, then earlyAnswer gives its JSON now to the one it was asked for (not before, not a failure, not to someone else), and the GET that follows takes it without asking again', async () => {
      const failing = '/api/season/19/leaderboard';
      fetchMock.mockImplementation(async (url) =>
        url === failing
          ? fakeResponse({ status: 503, body: { message: 'Season service unavailable' } })
          : fakeResponse({ body: { leaderboardEntries: [{ rank: 1 }] } }),
      );
      signIn(null, 'token-a');
      prefetch('/season/18/leaderboard');
      prefetch('/season/19/leaderboard');
      expect(earlyAnswer('/season/18/leaderboard')).toBeUndefined(); // not answered yet

      await waitFor(() => expect(earlyAnswer('/season/18/leaderboard')).toEqual({ leaderboardEntries: [{ rank: 1 }] }));
      expect(earlyAnswer('/season/19/leaderboard')).toBeUndefined();
      signIn(null, 'token-b');
      expect(earlyAnswer('/season/18/leaderboard')).toBeUndefined();
      signIn(null, 'token-a');
      renderApp('/');

      expect(await apiClient.get('/season/18/leaderboard')).toEqual({ leaderboardEntries: [{ rank: 1 }] });
      expect(callsTo(early)).toBe(1);
      expect(earlyAnswer('/season/18/leaderboard')).toBeUndefined(); // taken
      await settle(() => apiClient.get('/season/19/leaderboard', { showError: false }));
    });

    it('when a request for the same address is not a plain GET, then it does not take the early response', async () => {
      fetchMock.mockImplementation(async () => fakeResponse({ body: { leaderboardEntries: [] } }));
      prefetch('/season/18/leaderboard');
      prefetch('/season/18/leaderboard'); // already on its way: not asked for twice
      renderApp('/');

      await settle(() => apiClient.get('/season/18/leaderboard', { headers: { Accept: 'text/csv' } }));
      expect(callsTo(early)).toBe(2);
      await settle(() => apiClient.get('/season/18/leaderboard'));
      expect(callsTo(early)).toBe(2);
    });
  });
});
