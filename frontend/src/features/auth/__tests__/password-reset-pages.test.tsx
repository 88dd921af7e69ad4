import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const fetchMock = installFetchMock();

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

describe('forgot password page', () => {
  it('when the email is sent, then the success texts show and after 3 s the reset page opens with the email', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      fakeResponse({ body: { message: 'If that email is registered, a reset code is on its way' } }),
    );
    const { router } = renderApp('/forgot-password');

    await user.type(form('Forgot Password').getByLabelText('Email'), 'player1@example.com');
    await user.click(form('Forgot Password').getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Password Reset email sent')).toBeInTheDocument();
    expect(screen.getByText('Do not close this window')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/forgot-password');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'player1@example.com' });

    await act(() => jest.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/forgot-password');
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.search).toBe('?email=player1%40example.com');
  });

  it('when the server refuses, then its error text shows below the form and the page stays', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 429, body: { message: 'Too many reset requests for this email; try again in an hour' } }),
    );
    const { router } = renderApp('/forgot-password');

    await user.type(form('Forgot Password').getByLabelText('Email'), 'player1@example.com');
    await user.click(form('Forgot Password').getByRole('button', { name: 'Send' }));

    expect(
      await form('Forgot Password').findByText('Too many reset requests for this email; try again in an hour'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Password Reset email sent')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('when the email is empty, then Send is disabled', () => {
    renderApp('/forgot-password');

    expect(form('Forgot Password').getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('login page', () => {
  it('when Forgot Password is clicked, then the forgot password page opens', async () => {
    const user = setupUser();
    const { router } = renderApp('/login');

    await user.click(screen.getByRole('link', { name: 'Forgot Password' }));

    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByRole('form', { name: 'Forgot Password' })).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  async function fill(user: ReturnType<typeof setupUser>, password: string, confirm: string, code = '123456') {
    const f = form('Reset Password');
    await user.type(f.getByLabelText('Reset Code'), code);
    await user.type(f.getByLabelText('Password'), password);
    await user.type(f.getByLabelText('Confirm Password'), confirm);
  }

  it('when the password holds an = sign and the field is left, then "Password cannot contain = sign" shows and the form cannot be sent', async () => {
    const user = setupUser();
    renderApp('/reset-password?email=player1%40example.com');
    const f = form('Reset Password');

    await user.type(f.getByLabelText('Reset Code'), '123456');
    await user.type(f.getByLabelText('Password'), 'new=pass');
    expect(f.queryByText('Password cannot contain = sign')).not.toBeInTheDocument();
    await user.tab();

    expect(f.getByText('Password cannot contain = sign')).toBeInTheDocument();
    await user.type(f.getByLabelText('Confirm Password'), 'new=pass');
    expect(f.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });

  it('when the confirmation differs, then "Passwords must match" shows and nothing is sent', async () => {
    const user = setupUser();
    renderApp('/reset-password?email=player1%40example.com');

    await fill(user, 'newpass1', 'newpass2');

    expect(form('Reset Password').getByText('Passwords must match')).toBeInTheDocument();
    expect(form('Reset Password').getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the form is valid and accepted, then "Password successfully reset!" shows and after 3 s the login page opens', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(fakeResponse({ body: { message: 'Password changed; log in with your new password' } }));
    const { router } = renderApp('/reset-password?email=player1%40example.com');

    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await fill(user, 'newpass1', 'newpass1');
    expect(form('Reset Password').queryByText('Passwords must match')).not.toBeInTheDocument();
    await user.click(form('Reset Password').getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password successfully reset!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/change-password');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'player1@example.com',
      password: 'newpass1',
      code: '123456',
    });

    await act(() => jest.advanceTimersByTimeAsync(2900));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('when the server rejects the code, then its error text shows below the form and no redirect happens', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(
      fakeResponse({
        status: 400,
        body: { message: 'Reset code is invalid or has expired', code: 'reset_code_invalid' },
      }),
    );
    const { router } = renderApp('/reset-password?email=player1%40example.com');

    await fill(user, 'newpass1', 'newpass1', '000000');
    await user.click(form('Reset Password').getByRole('button', { name: 'Reset Password' }));

    expect(await form('Reset Password').findByText('Reset code is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByText('Password successfully reset!')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('when the link carries no email, then an Email field is asked for and sent', async () => {
    const user = setupUser();
    fetchMock.mockResolvedValue(fakeResponse({ body: { message: 'ok' } }));
    renderApp('/reset-password');

    await user.type(form('Reset Password').getByLabelText('Email'), 'player2@example.com');
    await fill(user, 'newpass1', 'newpass1');
    await user.click(form('Reset Password').getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password successfully reset!')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toMatchObject({ email: 'player2@example.com' });
  });
});
