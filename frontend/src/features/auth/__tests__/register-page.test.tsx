import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const fetchMock = installFetchMock();

function form() {
  return within(screen.getByRole('form', { name: 'Register' }));
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(form().getByLabelText('Username'), 'newbie');
  await user.type(form().getByLabelText('Email'), 'newbie@example.com');
  await user.type(form().getByLabelText('Password'), password);
  await user.type(form().getByLabelText('Confirm Password'), confirm);
}

describe('register page', () => {
  it('when the password holds an = sign and the field is left, then "Password cannot contain = sign" shows and Register stays disabled', async () => {
    const user = userEvent.setup();
    renderApp('/register');

    await user.type(form().getByLabelText('Password'), 'a=b');
    expect(form().queryByText('Password cannot contain = sign')).not.toBeInTheDocument();
    await user.tab();

    expect(form().getByText('Password cannot contain = sign')).toBeInTheDocument();
    await user.type(form().getByLabelText('Confirm Password'), 'a=b');
    expect(form().getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it('when the confirmation differs, then "Passwords must match" shows and Register stays disabled', async () => {
    const user = userEvent.setup();
    renderApp('/register');

    await fill(user, 'secret1', 'secret2');

    expect(form().getByText('Passwords must match')).toBeInTheDocument();
    expect(form().getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the form is valid and the server accepts it, then the user is registered and the seasons page opens', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(fakeResponse({ body: { message: 'User created' } }));
    const { router } = renderApp('/register');

    await fill(user, 'secret1', 'secret1');
    expect(form().queryByText('Passwords must match')).not.toBeInTheDocument();
    await user.click(form().getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/seasons'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/register-user');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret1',
    });
  });

  it('when the server refuses, then its text shows below the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(fakeResponse({ status: 400, body: 'Username is already taken' }));
    const { router } = renderApp('/register');

    await fill(user, 'secret1', 'secret1');
    await user.click(form().getByRole('button', { name: 'Register' }));

    expect(await form().findByRole('alert')).toHaveTextContent('Username is already taken');
    expect(router.state.location.pathname).toBe('/register');
  });
});
