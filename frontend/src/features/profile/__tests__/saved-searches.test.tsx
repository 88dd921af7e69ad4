import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import type { SavedSearch } from '../api/trade-types';
import { FakeEventSource } from './fake-event-source';
import { bodiesSent, calls, lastQuery, listing, main, notification, profileBody, serve } from './trade-fixtures';

jest.setTimeout(60_000);
const fetchMock = installFetchMock();
FakeEventSource.install();
beforeAll(() => import('../profile-routes'));
beforeEach(() => localStorage.clear());

const SEARCH = '/api/trade/trade-search';
const SAVED = '/api/trade/participant/41/saved-searches';

function savedSearch(id: number, extra: Partial<SavedSearch> = {}): SavedSearch {
  return {
    savedSearchId: id,
    seasonParticipantId: 41,
    name: `Search ${id}`,
    searchTerm: null,
    filter: null,
    itemType: null,
    minLevel: null,
    maxLevel: null,
    rarity: null,
    maxPriceCurrency: null,
    maxPrice: null,
    paused: false,
    newMatches: 0,
    lastRunAt: null,
    createdOn: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}

/** The trade service's saved searches as a tiny in-memory server (what the fake fetch answers). */
function serveSaved(initial: SavedSearch[] = [], opts: { refuse?: string } = {}) {
  let list = [...initial];
  let next = 100;
  serve(fetchMock, {
    '/api/season/profile': profileBody(),
    '/api/season/item-filters': [],
    [SEARCH]: { items: [listing(7, 'Blade of Ruin')], itemCount: 1 },
    '/api/trade/participant/41/trade-notifications': [notification(3, 'New Match')],
    [SAVED]: () => list,
    [`POST ${SAVED}`]: (init: RequestInit) => {
      if (opts.refuse) return fakeResponse({ status: 409, body: { message: opts.refuse } });
      const created = savedSearch((next += 1), JSON.parse(String(init.body)) as Partial<SavedSearch>);
      list = [...list, created];
      return created;
    },
    ...Object.fromEntries(
      initial.flatMap((s) => [
        [
          `PATCH ${SAVED}/${s.savedSearchId}`,
          (init: RequestInit) => {
            const { paused } = JSON.parse(String(init.body)) as { paused: boolean };
            list = list.map((x) => (x.savedSearchId === s.savedSearchId ? { ...x, paused } : x));
            return list.find((x) => x.savedSearchId === s.savedSearchId);
          },
        ],
        [
          `POST ${SAVED}/${s.savedSearchId}/run`,
          () => {
            list = list.map((x) => (x.savedSearchId === s.savedSearchId ? { ...x, newMatches: 0 } : x));
            return list.find((x) => x.savedSearchId === s.savedSearchId);
          },
        ],
        [
          `DELETE ${SAVED}/${s.savedSearchId}`,
          () => {
            list = list.filter((x) => x.savedSearchId !== s.savedSearchId);
            return fakeResponse({ status: 204 });
          },
        ],
      ]),
    ),
  });
  return () => list;
}

describe('saved trade searches (kept by the trade service)', () => {
  it('when a search is saved with a maximum price, then the service gets its filters and nothing is kept in the browser', async () => {
    signIn(null);
    const stored = serveSaved();
    const user = userEvent.setup();
    renderApp('/profile/trade-search?st=1&t=search');

    await screen.findByRole('table', { name: 'Trade listings' });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ring{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rarity' }), 'Legendary');
    await user.click(screen.getByRole('button', { name: 'Save this search' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Save this search' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('“ring” · Legendary');
    await user.type(dialog.getByRole('textbox', { name: 'Max price' }), '25');
    expect(dialog.getByText('Choose the currency of the maximum price')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(dialog.getByRole('combobox', { name: 'Max price currency' }));
    await user.click(await screen.findByRole('option', { name: 'Scrap' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/Search saved: the trading post lists it/)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, `POST ${SAVED}`)).toEqual([
      {
        name: '“ring” · Legendary',
        searchTerm: 'ring',
        filter: null,
        itemType: null,
        minLevel: null,
        maxLevel: null,
        rarity: 'Legendary',
        maxPriceCurrency: 'Scrap',
        maxPrice: 25,
      },
    ]);
    expect(stored()).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.includes('saved'))).toEqual([]);
  });

  it('when the service refuses the search (already 20), then its message is shown in the dialog', async () => {
    signIn(null);
    serveSaved([], { refuse: 'You can keep at most 20 saved searches; delete one first' });
    const user = userEvent.setup();
    renderApp('/profile/trade-search?st=1&t=search');

    await screen.findByRole('table', { name: 'Trade listings' });
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save this search' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('You can keep at most 20 saved searches; delete one first')).toBeInTheDocument();
    expect(screen.queryByText(/Search saved/)).not.toBeInTheDocument();
  });

  it('when the trading post lists saved searches, then it shows new matches, and Run, Pause and Delete reach the service', async () => {
    signIn(null);
    serveSaved([
      savedSearch(1, { name: 'Cheap rings', searchTerm: 'ring', rarity: 'Legendary', newMatches: 3 }),
      savedSearch(2, { name: 'Amulets', itemType: 3, maxPrice: 10, maxPriceCurrency: 'Scrap' }),
    ]);
    const user = userEvent.setup();
    const { router } = renderApp('/profile/trading-post?st=1');

    const saved = within(await screen.findByRole('list', { name: 'Saved searches' }));
    expect(saved.getAllByRole('listitem')).toHaveLength(2);
    expect(saved.getByLabelText('3 new matches for Cheap rings')).toBeInTheDocument();
    expect(saved.getByLabelText('0 new matches for Amulets')).toBeInTheDocument();
    expect(saved.getByText(/at most 10 Scrap/)).toBeInTheDocument();
    // The New Match notification counts on the Notifications link.
    expect(main().getByLabelText('1 new')).toBeInTheDocument();

    await user.click(saved.getByRole('button', { name: 'Pause Amulets' }));
    expect(await saved.findByRole('button', { name: 'Resume Amulets' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, `PATCH ${SAVED}/2`)).toEqual([{ paused: true }]);

    await user.click(saved.getByRole('button', { name: 'Delete Amulets' }));
    await waitFor(() => expect(saved.getAllByRole('listitem')).toHaveLength(1));
    expect(calls(fetchMock)).toContain(`DELETE ${SAVED}/2?branch=prod`);

    fetchMock.mockClear();
    await user.click(saved.getByRole('link', { name: 'Run Cheap rings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/trade-search'));
    await waitFor(() => expect(lastQuery(fetchMock, SEARCH).get('searchTerm')).toBe('ring'));
    expect(lastQuery(fetchMock, SEARCH).get('rarity')).toBe('Legendary');
    expect(calls(fetchMock)).toContain(`POST ${SAVED}/1/run?branch=prod`);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ring');
  });

  it('when a New Match is pushed on the live stream, then the trading post shows the new count without a reload', async () => {
    signIn(null);
    const stored = serveSaved([savedSearch(1, { name: 'Cheap rings', newMatches: 0 })]);
    renderApp('/profile/trading-post?st=1');

    const saved = within(await screen.findByRole('list', { name: 'Saved searches' }));
    expect(saved.getByLabelText('0 new matches for Cheap rings')).toBeInTheDocument();
    stored()[0]!.newMatches = 1;
    act(() => {
      FakeEventSource.latest().emit('open');
      FakeEventSource.latest().emit('notification', JSON.stringify(notification(9, 'New Match')));
    });
    expect(await saved.findByLabelText('1 new matches for Cheap rings')).toBeInTheDocument();
  });

  it('when there are no saved searches, then the trading post says how to keep one', async () => {
    signIn(null);
    serveSaved();
    renderApp('/profile/trading-post?st=1');
    expect(
      await screen.findByText(/Save a trade search to have new listings that match it reported here/),
    ).toBeInTheDocument();
  });
});
