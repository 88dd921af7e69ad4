import { screen, waitFor } from '@testing-library/react';
import { startEarlyRequests } from '@/early';
import { installFetchMock } from '@/test/fake-fetch';
import { answeredStash } from '../api/get-stash';
import { NO_FILTERS } from '../api/item-query';
import { firstPage } from '../screen-start';
import { renderApp, signIn } from '@/test/render-app';
import { calls, currencies, listing, profileBody, serve, stashItem } from './trade-fixtures';

// The early entry (src/early.ts) asks for a screen's first data before the app has loaded; the screen must
// ask for exactly the same addresses, or it asks again and the early requests were for nothing.
jest.setTimeout(60_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));
// A first render in jsdom can outlast the early responses' window (EARLY_FOR_MS), which a browser's does not:
// the clock stands still here (get-profile.test.ts shows a late request asking again).
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-29T12:00:00Z')));
afterEach(() => jest.restoreAllMocks());

// The first render of a file takes the screens' chunk through the transform: more than the default second.
const row = (name: RegExp) => screen.findByRole('row', { name }, { timeout: 30_000 });
const asked = (part: string) => calls(fetchMock).filter((call) => call.includes(part));

describe('a profile screen opened from outside', () => {
  it('when the site is opened on the cloud stash, then the screen shows the answers asked for early: the profile and the first page are each asked for once, and the first render has the rows (no placeholder rows)', async () => {
    signIn(null);
    serve(fetchMock, {
      '/api/season/profile': profileBody({ ssf: true }),
      '/api/season/participant/41/stash': { items: [stashItem(1, 'Blade of Ruin')], itemCount: 1, capacity: 250 },
      '/api/season/participant/41/trade-currencies': currencies({ 'Iron Bar': 3 }),
      '/api/season/item-filters': [],
    });

    startEarlyRequests('#/profile/stash?st=1');
    // The early entry runs before the app, and here its answers are in before the app renders.
    await waitFor(() => expect(answeredStash(41, firstPage(NO_FILTERS), { transfer: false }, 'prod')).toBeDefined());
    let placeholders = 0;
    const watch = new MutationObserver(() => {
      placeholders += document.querySelectorAll('[aria-label="Loading items"]').length;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderApp('/profile/stash?st=1');

    expect(await row(/Blade of Ruin/)).toBeInTheDocument();
    watch.disconnect();
    expect(placeholders).toBe(0);
    expect(asked('/season/profile')).toEqual(['GET /api/season/profile?branch=prod']);
    expect(asked('/stash')).toEqual([
      'GET /api/season/participant/41/stash?transfer=false&page=1&pageSize=10&branch=prod',
    ]);
  });

  it("when the site is opened on the trade search with a saved search's filters, then the first page asked for early is the one the screen shows", async () => {
    signIn(null);
    serve(fetchMock, {
      '/api/season/profile': profileBody(),
      '/api/trade/trade-search': { items: [listing(7, 'Ring of Fury')], itemCount: 1 },
      '/api/season/item-filters': [],
    });
    const q = encodeURIComponent(JSON.stringify({ searchTerm: 'ring', rarity: 'Legendary', minLevel: 50 }));

    startEarlyRequests(`#/profile/trade-search?st=1&t=search&q=${q}`);
    await waitFor(() => expect(asked('/trade-search')).toHaveLength(1));
    renderApp(`/profile/trade-search?st=1&t=search&q=${q}`);

    expect(await row(/Ring of Fury/)).toBeInTheDocument();
    expect(asked('/season/profile')).toHaveLength(1);
    expect(asked('/trade-search')).toEqual([
      'GET /api/trade/trade-search?seasonParticipantId=41&page=1&pageSize=10&searchTerm=ring&minLevel=50&rarity=Legendary&branch=prod',
    ]);
  });
});
