import { act, screen, within } from '@testing-library/react';
import { loadSiteConfig, setSiteLinks, NO_SITE_LINKS } from '@/config/site-config';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const fetchMock = installFetchMock();

const footer = () => within(screen.getByRole('contentinfo'));
const header = () => within(screen.getByRole('banner'));

afterEach(() => setSiteLinks({}));

describe('community links from the runtime site configuration', () => {
  it('when the operator set some links, then exactly those show, each opening its address in a new tab', () => {
    setSiteLinks({
      discord: 'https://discord.gg/league',
      youtube: '',
      twitch: null,
      reddit: 'https://www.reddit.com/r/Grimdawn/',
      patreon: 'https://www.patreon.com/league',
      paypal: undefined,
      newItems: 'https://league.example.org/new-items',
    });
    renderApp('/');

    const community = within(footer().getByRole('region', { name: 'Community' }));
    expect(community.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Discord', 'https://discord.gg/league'],
      ['Reddit', 'https://www.reddit.com/r/Grimdawn/'],
    ]);
    const support = within(footer().getByRole('region', { name: 'Support the league' }));
    expect(support.getAllByRole('link').map((a) => a.textContent)).toEqual(['Patreon']);
    expect(support.getByRole('link', { name: 'Patreon' })).toHaveAttribute('target', '_blank');
    expect(header().getByRole('link', { name: 'New Items' })).toHaveAttribute(
      'href',
      'https://league.example.org/new-items',
    );
    expect(footer().queryByRole('link', { name: 'YouTube' })).toBeNull();
    expect(footer().queryByRole('link', { name: 'PayPal' })).toBeNull();
  });

  it('when no link is configured, then neither group nor the New Items link shows, and nothing points at a placeholder host', () => {
    renderApp('/');
    expect(footer().queryByRole('region', { name: 'Community' })).toBeNull();
    expect(footer().queryByRole('region', { name: 'Support the league' })).toBeNull();
    expect(header().queryByRole('link', { name: 'New Items' })).toBeNull();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.filter((h) => /\.example(\/|$)/.test(h))).toEqual([]);
  });

  it('when the site starts, then it reads /api/site-config and the links appear without a rebuild; unsafe values stay hidden', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({
        body: {
          links: {
            discord: 'https://discord.gg/league',
            youtube: 'javascript:alert(1)',
            twitch: 'not a url',
            reddit: null,
            patreon: null,
            paypal: 'https://paypal.me/league',
            newItems: null,
          },
        },
      }),
    );
    renderApp('/');
    expect(footer().queryByRole('link', { name: 'Discord' })).toBeNull();
    await act(async () => {
      await loadSiteConfig();
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/site-config', expect.anything());
    expect(footer().getByRole('link', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.gg/league');
    expect(footer().getByRole('link', { name: 'PayPal' })).toHaveAttribute('href', 'https://paypal.me/league');
    expect(footer().queryByRole('link', { name: 'YouTube' })).toBeNull();
    expect(footer().queryByRole('link', { name: 'Twitch' })).toBeNull();
  });

  it('when the site configuration cannot be read, then every link stays hidden', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 502, body: { message: 'Bad gateway' } }));
    expect(await loadSiteConfig()).toEqual(NO_SITE_LINKS);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await loadSiteConfig()).toEqual(NO_SITE_LINKS);
  });
});
