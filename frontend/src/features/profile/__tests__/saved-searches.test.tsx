import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { lastQuery, listing, profileBody, serve } from './trade-fixtures';

jest.setTimeout(30_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));
beforeEach(() => localStorage.clear());

const SEARCH = '/api/trade/trade-search';

function serveSearch() {
  serve(fetchMock, {
    '/api/season/profile': profileBody(),
    '/api/season/item-filters': [],
    [SEARCH]: { items: [listing(7, 'Blade of Ruin')], itemCount: 1 },
    '/api/trade/participant/41/trade-notifications': [],
  });
}

describe('saved trade searches', () => {
  it('when a search is saved, then the trading post lists it and Run opens the search with its filters', async () => {
    signIn(null);
    serveSearch();
    const user = userEvent.setup();
    const { router } = renderApp('/profile/trade-search?st=1&t=search');

    await screen.findByRole('table', { name: 'Trade listings' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ring{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Rarity' }));
    await user.click(await screen.findByRole('option', { name: 'Legendary' }));
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    expect(await screen.findByText('Search saved: the trading post lists it.')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', { name: 'Trading Post' }),
    );
    const saved = within(await screen.findByRole('list', { name: 'Saved searches' }));
    expect(saved.getByText('“ring” · Legendary')).toBeInTheDocument();

    fetchMock.mockClear();
    await user.click(saved.getByRole('link', { name: 'Run “ring” · Legendary' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/trade-search'));
    await waitFor(() => expect(lastQuery(fetchMock, SEARCH).get('searchTerm')).toBe('ring'));
    expect(lastQuery(fetchMock, SEARCH).get('rarity')).toBe('Legendary');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ring');
  });

  it('when a saved search is deleted, then it leaves the list, and the same filters are kept only once', async () => {
    signIn(null);
    serveSearch();
    const user = userEvent.setup();
    const { unmount } = renderApp('/profile/trade-search?st=1&t=search');

    await screen.findByRole('table', { name: 'Trade listings' });
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    await user.click(screen.getByRole('button', { name: 'Save Search' }));
    unmount();

    renderApp('/profile/trading-post?st=1');
    const saved = within(await screen.findByRole('list', { name: 'Saved searches' }));
    expect(saved.getAllByRole('listitem')).toHaveLength(1);
    await user.click(saved.getByRole('button', { name: 'Delete All listings' }));

    expect(await screen.findByText('Save a trade search to run it again from here.')).toBeInTheDocument();
  });
});
