import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { calls, currencies, lastQuery, profileBody, serve, stashItem } from './trade-fixtures';

// MUI tables and pickers are slow to query in jsdom on this machine.
jest.setTimeout(60_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));

const STASH = '/api/season/participant/41/stash';

function serveStash(overrides: Record<string, unknown> = {}) {
  serve(fetchMock, {
    '/api/season/profile': profileBody({ ssf: true }),
    [STASH]: (_init: RequestInit, url: string) => {
      const transfer = new URLSearchParams(url.split('?')[1]).get('transfer') === 'true';
      return transfer
        ? { items: [stashItem(9, 'Queued Helm', { itemType: 'Helm' })], itemCount: 1, capacity: 250 }
        : {
            items: [
              stashItem(1, 'Blade of Ruin', { stackCount: 1 }),
              stashItem(2, 'Aether Potion', { stackCount: 5, itemType: 'Consumable' }),
              stashItem(3, 'Listed Shield', {
                forTrade: true,
                askingCurrency: 'Iron Bar',
                askingPrice: 12,
                itemType: 'Shield',
              }),
              stashItem(4, 'Offered Amulet', { reservedCount: 1, itemType: 'Amulet' }),
            ],
            itemCount: 3,
            capacity: 250,
          };
    },
    '/api/season/participant/42/stash': { items: [], itemCount: 0, capacity: 0 },
    '/api/season/participant/41/trade-currencies': currencies({ 'Iron Bar': 30 }),
    '/api/season/item-filters': [
      { statTag: 'listedForTrade', description: 'Listed For Trade', category: 'Trading' },
      { statTag: 'notListedForTrade', description: 'Not Listed For Trade', category: 'Trading' },
      { statTag: 'offensivePhysicalModifier', description: '% Physical Damage', category: 'Direct Damage' },
    ],
    'POST /api/season/participant/41/toggle-transfer/2': {},
    'POST /api/season/participant/41/toggle-transfer/9': {},
    ...overrides,
  });
}

const table = () => screen.findByRole('table', { name: 'Cloud Stash' });

describe('cloud stash', () => {
  it('when the player has no participant in a season of that type, then the stash sends them to the profile', async () => {
    signIn(null);
    serve(fetchMock, { '/api/season/profile': profileBody({ ssf: false }), '/api/season/latest': [] });
    const { router } = renderApp('/profile/stash?st=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls(fetchMock).some((c) => c.includes('/stash'))).toBe(false);
  });

  it('when the trade stash opens, then it is titled with the season and Cloud Stash, counts against 250, and has the three tabs and the columns', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');

    expect(await screen.findByRole('heading', { name: 'Season 7 SC Trade Cloud Stash' })).toBeInTheDocument();
    await table();
    expect(screen.getByTestId('stash-count')).toHaveTextContent('Items: 3 / 250');
    const tabs = within(screen.getByRole('tablist', { name: 'Stash views' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Currencies', 'Cloud Stash', 'Transfer Queue']);
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Level Required', 'Rarity', 'Price', 'Type', 'Withdraw Amount']));
    expect(screen.getByRole('row', { name: /Listed Shield/ })).toHaveTextContent('12 Iron Bar');
    const breadcrumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(breadcrumbs.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(breadcrumbs.queryByRole('link', { name: 'Trading Post' })).not.toBeInTheDocument();
    expect(breadcrumbs.getByText('Stash')).toBeInTheDocument();
    const query = lastQuery(fetchMock, STASH);
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('10');
    expect(query.get('transfer')).toBe('false');
    expect(query.get('branch')).toBe('prod');
  });

  it('when the profile is still on its way, then the stash is laid out with placeholder rows and nothing is asked of the stash yet', async () => {
    signIn(null);
    fetchMock.mockImplementation((url: string) =>
      url.startsWith('/api/season/profile')
        ? new Promise(() => undefined)
        : Promise.resolve(fakeResponse({ body: [] })),
    );
    renderApp('/profile/stash?st=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Stash' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Stash views' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Currencies', 'Cloud Stash', 'Transfer Queue']);
    expect(screen.getByRole('search', { name: 'Item filters' })).toBeInTheDocument();
    const loading = screen.getByRole('status', { name: 'Loading items' });
    expect(loading.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(calls(fetchMock).some((c) => c.includes('/stash'))).toBe(false);
  });

  it('when the season is not a trade season and the player is a supporter, then there is no Currencies tab and the count reads Unlimited', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=2');

    expect(await screen.findByRole('heading', { name: 'Season 7 HC SSF Cloud Stash' })).toBeInTheDocument();
    expect(await screen.findByTestId('stash-count')).toHaveTextContent('Items: 0 / Unlimited');
    const tabs = within(screen.getByRole('tablist', { name: 'Stash views' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Cloud Stash', 'Transfer Queue']);
  });

  it('when the Currencies tab is chosen, then the balances of the trade currencies show', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    await user.click(screen.getByRole('tab', { name: 'Currencies' }));

    const balances = await screen.findByRole('table', { name: 'Currencies' });
    expect(within(balances).getByRole('row', { name: /Iron Bar/ })).toHaveTextContent('30');
  });

  it('when a withdraw amount is typed, then it clamps between 1 and the stack count and Withdraw sends it', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    const amount = within(screen.getByRole('row', { name: /Aether Potion/ })).getByRole('spinbutton', {
      name: 'Withdraw amount',
    });
    expect(amount).toHaveValue(5);
    fireEvent.change(amount, { target: { value: '99' } });
    expect(amount).toHaveValue(5);
    fireEvent.change(amount, { target: { value: '0' } });
    expect(amount).toHaveValue(1);
    fireEvent.change(amount, { target: { value: '3' } });
    expect(
      within(screen.getByRole('row', { name: /Blade of Ruin/ })).queryByRole('spinbutton'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw Aether Potion' }));

    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        'POST /api/season/participant/41/toggle-transfer/2?branch=prod&withdrawAmount=3',
      ),
    );
    // A listed or offered item cannot go to the game.
    expect(screen.getByRole('button', { name: 'Withdraw Listed Shield' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw Offered Amulet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw Blade of Ruin' })).toBeEnabled();
  });

  it('when a copy is held for review as a suspected duplicate, then its row says so and it can be neither withdrawn nor traded', async () => {
    signIn(null);
    serveStash({
      [STASH]: {
        items: [stashItem(1, 'Blade of Ruin'), stashItem(5, 'Copied Ring', { itemType: 'Ring', held: true })],
        itemCount: 2,
        capacity: 250,
      },
    });
    renderApp('/profile/stash?st=1');
    await table();

    const held = within(screen.getByRole('row', { name: /Copied Ring/ }));
    expect(held.getByTitle(/suspected duplicate/)).toHaveTextContent('Held for review');
    expect(held.getByRole('button', { name: 'Withdraw Copied Ring' })).toBeDisabled();
    expect(held.getByRole('button', { name: 'Trade Copied Ring' })).toBeDisabled();
    const normal = within(screen.getByRole('row', { name: /Blade of Ruin/ }));
    expect(normal.queryByText('Held for review')).not.toBeInTheDocument();
    expect(normal.getByRole('button', { name: 'Trade Blade of Ruin' })).toBeEnabled();
  });

  it('when the Transfer Queue tab is chosen, then the queue is listed and Put Back sends the item back', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    await user.click(screen.getByRole('tab', { name: 'Transfer Queue' }));
    const queue = await screen.findByRole('table', { name: 'Transfer Queue' });
    expect(lastQuery(fetchMock, STASH).get('transfer')).toBe('true');
    expect(within(queue).queryByRole('columnheader', { name: 'Withdraw Amount' })).not.toBeInTheDocument();
    await user.click(await within(queue).findByRole('button', { name: 'Put Back Queued Helm' }));

    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        'POST /api/season/participant/41/toggle-transfer/9?branch=prod&withdrawAmount=1',
      ),
    );
  });

  it('when filters are set, then the search term, item type, levels and rarity go to the server and the page starts again', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'blade{Enter}');
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('searchTerm')).toBe('blade'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Item type' }), 'Ring');
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('itemType')).toBe('19'));

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Min level' }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Max level' }), { target: { value: '94' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rarity' }), 'Double Rare MI');

    await waitFor(() => {
      const q = lastQuery(fetchMock, STASH);
      expect([q.get('minLevel'), q.get('maxLevel'), q.get('rarity'), q.get('searchTerm')]).toEqual([
        '50',
        '94',
        'Double Rare MI',
        'blade',
      ]);
    });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('rarity')).toBeNull());
    expect(lastQuery(fetchMock, STASH).get('searchTerm')).toBeNull();
  });

  it('when Listed For Trade is picked after Not Listed For Trade, then only Listed stays in the stat filter', async () => {
    signIn(null);
    serveStash();
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    const picker = screen.getByRole('combobox', { name: 'Stat filters' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Not Listed For Trade' }));
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('filter')).toBe('notListedForTrade'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: '% Physical Damage' }));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Listed For Trade' }));

    await waitFor(() =>
      expect(lastQuery(fetchMock, STASH).get('filter')).toBe('offensivePhysicalModifier;listedForTrade'),
    );
  });

  it('when the page size and page change, then the server is asked for that page, and Refresh asks again', async () => {
    signIn(null);
    serveStash({
      [STASH]: { items: [stashItem(1, 'Blade of Ruin')], itemCount: 45, capacity: 250 },
    });
    renderApp('/profile/stash?st=1');
    const user = userEvent.setup();
    await table();

    const pageSize = screen.getByRole('combobox', { name: /Rows per page/ });
    const sizes = within(pageSize)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '50', '100']);
    await user.selectOptions(pageSize, '20');
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('pageSize')).toBe('20'));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(fetchMock, STASH).get('page')).toBe('2'));

    const before = calls(fetchMock).filter((c) => c.includes(STASH)).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls(fetchMock).filter((c) => c.includes(STASH)).length).toBe(before + 1));
    expect(lastQuery(fetchMock, STASH).get('page')).toBe('2');
  });

  describe('on a phone', () => {
    const wideQuery = '(min-width:900px)';
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: query !== wideQuery,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      })) as unknown as typeof window.matchMedia;
    });
    afterEach(() => {
      delete (window as { matchMedia?: unknown }).matchMedia;
    });

    it('when the stash opens, then only the search box shows, and More filters unfolds the others and asks for the stat list', async () => {
      signIn(null);
      serveStash();
      renderApp('/profile/stash?st=1');
      const user = userEvent.setup();
      await table();

      expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Item type' })).not.toBeInTheDocument();
      expect(calls(fetchMock).some((c) => c.includes('/season/item-filters'))).toBe(false);
      const more = screen.getByRole('button', { name: 'More filters' });
      expect(more).toHaveAttribute('aria-expanded', 'false');

      await user.click(more);
      expect(screen.getByRole('combobox', { name: 'Item type' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(calls(fetchMock).some((c) => c.includes('/season/item-filters'))).toBe(true));
    });

    it('when a search with a set filter is opened, then the filters show unfolded', async () => {
      signIn(null);
      serveStash();
      renderApp(`/profile/trade-search?st=1&t=search&q=${encodeURIComponent(JSON.stringify({ rarity: 'Legendary' }))}`);

      expect(await screen.findByRole('combobox', { name: 'Rarity' })).toHaveValue('Legendary');
      expect(screen.getByRole('button', { name: 'Fewer filters' })).toBeInTheDocument();
    });
  });
});
