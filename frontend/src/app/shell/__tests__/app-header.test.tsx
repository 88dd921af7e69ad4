import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSiteLinks } from '@/config/site-config';
import { readCookie } from '@/lib/cookies';
import { renderApp, signIn } from '@/test/render-app';

function header() {
  return within(screen.getByRole('banner'));
}

describe('app header', () => {
  it('when nobody is logged in, then it offers Login and Register Account and no account links', () => {
    renderApp('/');

    expect(header().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(header().getByRole('link', { name: 'Register Account' })).toHaveAttribute('href', '/register');
    expect(header().queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('when the authToken cookie holds an admin token, then it shows Profile, Logout and Admin instead of Login', () => {
    signIn('admin');
    renderApp('/');

    expect(header().getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(header().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(header().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Register Account' })).not.toBeInTheDocument();
  });

  it('when a player without the admin role is logged in, then there is no Admin link', () => {
    signIn(null);
    renderApp('/');

    expect(header().getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('when the cookie holds an empty access token, then the visitor counts as logged out', () => {
    signIn('admin', '');
    renderApp('/');

    expect(header().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('when Logout is clicked, then the auth cookies are cleared, Login returns and the visitor is sent home', async () => {
    signIn('admin');
    document.cookie = 'authExpires=2030-01-01T00:00:00.000Z; path=/';
    const { router } = renderApp('/somewhere');

    await userEvent.click(header().getByRole('button', { name: 'Logout' }));

    expect(await header().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(readCookie('authToken')).toBeUndefined();
    expect(readCookie('authExpires')).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the page is opened, then the header links to every public section and the external new-items page', () => {
    setSiteLinks({ newItems: 'https://league.example.org/new-items' });
    renderApp('/');
    const nav = within(header().getByRole('navigation', { name: 'Main' }));

    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(nav.getByRole('link', { name: 'Season 7 Ladders' })).toHaveAttribute('href', '/seasons');
    expect(nav.getByRole('link', { name: 'Previous Seasons' })).toHaveAttribute('href', '/previous-seasons');
    expect(nav.getByRole('link', { name: 'Encounters' })).toHaveAttribute('href', '/encounters');
    expect(nav.getByRole('link', { name: 'Changelog' })).toHaveAttribute('href', '/changelog');
    expect(nav.getByRole('link', { name: 'Supporters' })).toHaveAttribute('href', '/supporters');
    const newItems = nav.getByRole('link', { name: 'New Items' });
    expect(newItems).toHaveAttribute('target', '_blank');
    expect(newItems).toHaveAttribute('href', 'https://league.example.org/new-items');
    setSiteLinks({});
  });

  it('when the address carries a query string, then header links keep it', () => {
    signIn('admin');
    renderApp('/not-here?branch=beta');

    expect(header().getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about?branch=beta');
    expect(header().getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile?branch=beta');
  });

  describe('branch toggle', () => {
    it.each(['tester', 'admin'])(
      'when a %s is logged in, then the header offers the prod/beta toggle on prod',
      async (role) => {
        signIn(role);
        renderApp('/');

        // The toggle is a lazy chunk (only testers and admins load it).
        const toggle = within(await header().findByRole('group', { name: 'Branch' }));
        expect(toggle.getByRole('button', { name: 'Prod' })).toHaveAttribute('aria-pressed', 'true');
        expect(toggle.getByRole('button', { name: 'Beta' })).toHaveAttribute('aria-pressed', 'false');
      },
    );

    it.each([
      ['a player', null],
      ['a supporter', 'supporter_s7'],
    ])('when %s is logged in, then there is no branch toggle', (_who, role) => {
      signIn(role);
      renderApp('/');

      expect(header().getByRole('link', { name: 'Profile' })).toBeInTheDocument();
      expect(header().queryByRole('group', { name: 'Branch' })).not.toBeInTheDocument();
    });

    it('when nobody is logged in, then there is no branch toggle even with a beta cookie', () => {
      document.cookie = 'branch=beta; path=/';
      renderApp('/');

      expect(header().queryByRole('group', { name: 'Branch' })).not.toBeInTheDocument();
    });

    it('when a tester picks Beta, then the branch cookie says beta and Beta is pressed', async () => {
      signIn('tester');
      renderApp('/');

      await userEvent.click(await header().findByRole('button', { name: 'Beta' }));

      expect(readCookie('branch')).toBe('beta');
      expect(header().getByRole('button', { name: 'Beta' })).toHaveAttribute('aria-pressed', 'true');
      expect(header().getByRole('button', { name: 'Prod' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('when the branch cookie already says beta, then an admin sees Beta pressed and can go back to prod', async () => {
      signIn('admin');
      document.cookie = 'branch=beta; path=/';
      renderApp('/');

      expect(await header().findByRole('button', { name: 'Beta' })).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(header().getByRole('button', { name: 'Prod' }));

      expect(readCookie('branch')).toBe('prod');
    });
  });
});
