import { createAppStore } from '@/app/store';
import { readAuthToken } from '@/lib/auth-cookie';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { loginRequested, logoutRequested } from '../auth-slice';

const fetchMock = installFetchMock();
const MINUTE = 60 * 1000;

/** An unsigned JWT-shaped token with the claims the account service puts in its access tokens. */
function accessTokenFor(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode(claims)}.signature`;
}

function writeSession({
  minutesLeft,
  username = 'player1',
  role = 'player' as string | null,
}: {
  minutesLeft: number;
  username?: string;
  role?: string | null;
}) {
  const token = { role, access_token: accessTokenFor({ sub: 'u1', username, role }) };
  writeCookie('authToken', JSON.stringify(token));
  writeCookie('authExpires', new Date(Date.now() + minutesLeft * MINUTE).toISOString());
}

function startApp() {
  const navigate = jest.fn<void, [string]>();
  const store = createAppStore({ navigate });
  return { store, navigate };
}

function refreshCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/account/refresh-token');
}

function logoutCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/account/logout');
}

// The BFF keeps the refresh token in its HttpOnly cookie: the site's answer has role and access token.
const freshPair = { access_token: 'access-2', role: 'tester' };

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('session check timer', () => {
  it('when 5 minutes pass with more than 10 minutes left, then nothing is refreshed', async () => {
    writeSession({ minutesLeft: 20 });
    startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(readAuthToken()?.access_token).toMatch(/\.signature$/);
  });

  it('when fewer than 5 minutes have passed, then no check has run yet even with 8 minutes left', async () => {
    writeSession({ minutesLeft: 8 });
    startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE - 1000);

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the check finds under 10 minutes left, then it refreshes with the username claim (the BFF adds its cookie) and keeps both cookies for another hour', async () => {
    writeSession({ minutesLeft: 12, username: 'Player1' });
    fetchMock.mockResolvedValue(fakeResponse({ body: freshPair }));
    const { store } = startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE);

    expect(refreshCalls()).toHaveLength(1);
    const [, init] = refreshCalls()[0]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'Player1' });
    expect(init.credentials).toBe('same-origin');
    expect(readAuthToken()).toEqual({ role: 'tester', access_token: 'access-2' });
    expect(readCookie('authToken')).not.toContain('refresh');
    expect(new Date(readCookie('authExpires')!).getTime()).toBe(Date.now() + 60 * MINUTE);
    expect(store.getState().auth.role).toBe('tester');
  });

  it('when the access token carries no username claim, then the username comes from GET /user/active', async () => {
    writeCookie('authToken', JSON.stringify({ role: null, access_token: 'opaque' }));
    writeCookie('authExpires', new Date(Date.now() + 9 * MINUTE).toISOString());
    fetchMock.mockImplementation(async (url) =>
      url === '/api/user/active'
        ? fakeResponse({
            body: {
              userId: 'u1',
              username: 'player2',
              email: 'p2@example.com',
              role: 'player',
              roles: [],
              isPatreonConnected: false,
            },
          })
        : fakeResponse({ body: freshPair }),
    );
    startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE);

    expect(JSON.parse(String(refreshCalls()[0]?.[1].body))).toEqual({ username: 'player2' });
  });

  it('when the authToken cookie is gone at the check, then the visitor is logged out, authExpires is cleared and the home page opens', async () => {
    writeSession({ minutesLeft: 30 });
    const { store, navigate } = startApp();
    expect(store.getState().auth.loggedIn).toBe(true);
    deleteCookie('authToken');

    await jest.advanceTimersByTimeAsync(5 * MINUTE);

    expect(store.getState().auth.loggedIn).toBe(false);
    expect(readCookie('authExpires')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/');
    // Only the BFF's logout, which clears the HttpOnly refresh cookie; no refresh was tried.
    expect(logoutCalls()).toHaveLength(1);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('when the server refuses the refresh with 401, then the session ends and both cookies are cleared', async () => {
    writeSession({ minutesLeft: 6 });
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 401, body: { message: 'Refresh token reused', code: 'refresh_reused' } }),
    );
    const { store } = startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE);

    expect(store.getState().auth.loggedIn).toBe(false);
    expect(readCookie('authToken')).toBeUndefined();
    expect(readCookie('authExpires')).toBeUndefined();
  });

  it('when the refresh fails for another reason, then the session stays and the next check tries again', async () => {
    writeSession({ minutesLeft: 14 });
    fetchMock.mockResolvedValueOnce(fakeResponse({ status: 503, body: 'down' }));
    fetchMock.mockResolvedValue(fakeResponse({ body: freshPair }));
    const { store } = startApp();

    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(readAuthToken()?.access_token).not.toBe('access-2');

    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(refreshCalls()).toHaveLength(2);
    expect(readAuthToken()?.access_token).toBe('access-2');
  });

  it('when the visitor logs out, then the timer stops: no check runs afterwards', async () => {
    writeSession({ minutesLeft: 30 });
    fetchMock.mockResolvedValue(fakeResponse({ body: freshPair }));
    const { store, navigate } = startApp();

    store.dispatch(logoutRequested());
    expect(navigate).toHaveBeenCalledWith('/');
    expect(readCookie('authToken')).toBeUndefined();
    // The BFF is asked to revoke the login and clear the HttpOnly refresh cookie.
    expect(logoutCalls()).toHaveLength(1);
    expect(logoutCalls()[0]![1].method).toBe('POST');
    // Cookies that come back without a login (another tab, say) do not restart this tab's timer.
    writeSession({ minutesLeft: 3 });
    await jest.advanceTimersByTimeAsync(15 * MINUTE);

    expect(refreshCalls()).toHaveLength(0);
  });

  it('when a logged-out visitor logs in, then the timer starts and refreshes once fewer than 10 minutes of the hour remain', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/account/login'
        ? fakeResponse({
            body: { access_token: accessTokenFor({ username: 'player3' }), role: 'player' },
          })
        : fakeResponse({ body: freshPair }),
    );
    const { store, navigate } = startApp();
    expect(store.getState().auth.loggedIn).toBe(false);

    store.dispatch(loginRequested({ username: 'player3', password: 'secret' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledWith('/profile');

    // Checks at 5…50 minutes find at least 10 minutes left; the one at 55 minutes finds 5.
    await jest.advanceTimersByTimeAsync(50 * MINUTE);
    expect(refreshCalls()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls()[0]?.[1].body))).toEqual({ username: 'player3' });
  });
});
