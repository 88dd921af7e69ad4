import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readAuthToken } from '@/lib/auth-cookie';
import { readCookie } from '@/lib/cookies';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const fetchMock = installFetchMock();

function form() {
  return within(screen.getByRole('form', { name: 'Login' }));
}

describe('login page', () => {
  it('when Enter is pressed in the username, then focus moves to the password and nothing is sent', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(form().getByLabelText('Username'), 'grimmy{Enter}');

    expect(form().getByLabelText('Password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when Enter is pressed in the password and the login succeeds, then the cookies are set for an hour and the profile opens', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      // Through the BFF the browser's answer has no refresh token: that one is in an HttpOnly cookie.
      fakeResponse({ body: { access_token: 'acc-1', role: 'admin' } }),
    );
    const { router } = renderApp('/login');
    const before = Date.now();

    await user.type(form().getByLabelText('Username'), 'grimmy{Enter}');
    await user.type(form().getByLabelText('Password'), 's3cret{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'grimmy', password: 's3cret' });
    expect(readAuthToken()).toEqual({ role: 'admin', access_token: 'acc-1' });
    const expires = Date.parse(readCookie('authExpires') ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('when the server answers invalid_username_or_password, then "Invalid username or password" shows below the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      fakeResponse({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'invalid_username_or_password', message: 'nope' },
      }),
    );
    const { router } = renderApp('/login');

    await user.type(form().getByLabelText('Username'), 'grimmy');
    await user.type(form().getByLabelText('Password'), 'wrong');
    await user.click(form().getByRole('button', { name: 'Login' }));

    expect(await form().findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(readAuthToken()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('when the server fails with another body, then that text shows below the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Account service unavailable' }));
    renderApp('/login');

    await user.type(form().getByLabelText('Username'), 'grimmy');
    await user.type(form().getByLabelText('Password'), 'pw{Enter}');

    expect(await form().findByRole('alert')).toHaveTextContent('Account service unavailable');
  });
});
