import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { carouselSlides } from '../components/carousel-slides';
import { CAROUSEL_INTERVAL_MS } from '../components/landing-carousel';
import { LANDING_TAGLINE } from '../components/landing-page';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main'));
}

function activeSlideTitle(): string | null {
  const carousel = screen.getByRole('region', { name: 'Season highlights' });
  return carousel.querySelector('[data-active="true"]')?.querySelector('p')?.textContent ?? null;
}

describe('landing page', () => {
  it('when a visitor opens the site, then the landing heading, tagline, Register Account button and Forgot Password link show', () => {
    renderApp('/');

    expect(main().getByRole('heading', { level: 1, name: 'Grim League' })).toBeInTheDocument();
    expect(main().getByText(LANDING_TAGLINE)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Register Account' })).toHaveAttribute('href', '/register');
    expect(main().getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
  });

  it('when 6000 ms pass, then the carousel moves to the next of its five slides and wraps around', () => {
    jest.useFakeTimers();
    try {
      renderApp('/');
      expect(carouselSlides).toHaveLength(5);
      expect(activeSlideTitle()).toBe(carouselSlides[0]?.title);

      act(() => jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
      expect(activeSlideTitle()).toBe(carouselSlides[0]?.title);
      act(() => jest.advanceTimersByTime(1));
      expect(activeSlideTitle()).toBe(carouselSlides[1]?.title);

      act(() => jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 4));
      expect(activeSlideTitle()).toBe(carouselSlides[0]?.title);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when the address has a query string whose first parameter has a value, then it redirects to the profile with that value as code', async () => {
    // The profile is behind the login guard, and it exchanges ?code= with the account service and then
    // drops it from the address: the exchange is where the code is seen to have arrived.
    signIn(null);
    fetchMock.mockResolvedValue(fakeResponse({ body: { message: 'Patreon connected', isPatreonConnected: true } }));
    const { router } = renderApp('/?code=patreon-123&state=x');

    // The profile screens load lazily, so the navigation settles once their chunk is in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/account/connect-patreon?code=patreon-123&state=x',
      ),
    );
  });

  it('when the first query parameter is empty, then the landing page stays', () => {
    const { router } = renderApp('/?branch=');

    expect(router.state.location.pathname).toBe('/');
    expect(main().getByRole('heading', { level: 1, name: 'Grim League' })).toBeInTheDocument();
  });

  it('when an unknown address is opened, then the not-found page shows inside the shell', () => {
    renderApp('/no-such-page');

    expect(main().getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
