import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { bodiesSent, calls, currencies, lastQuery, listing, profileBody, serve, stashItem } from './trade-fixtures';

jest.setTimeout(60_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));

const SEARCH = '/api/trade/trade-search';
const STASH = '/api/season/participant/41/stash';

function serveTrade(overrides: Record<string, unknown> = {}, balances = currencies({ 'Iron Bar': 10 })) {
  serve(fetchMock, {
    '/api/season/profile': profileBody(),
    '/api/season/item-filters': [],
    [SEARCH]: {
      items: [listing(7, 'Blade of Ruin'), listing(8, 'Offers Only Helm', { askingCurrency: null, askingPrice: null })],
      itemCount: 2,
    },
    [STASH]: {
      items: [stashItem(1, 'Spare Ring', { itemType: 'Ring' }), stashItem(2, 'Aether Potion', { stackCount: 5 })],
      itemCount: 2,
      capacity: 250,
    },
    '/api/season/participant/41/trade-currencies': balances,
    'POST /api/trade/participant/41/trade-offer': { tradeOfferId: 3 },
    'POST /api/trade/participant/41/buyout': { settlementId: 's', tradeListingId: 7, state: 'settling' },
    ...overrides,
  });
}

async function openOffer(name: string) {
  const user = userEvent.setup();
  const { router } = renderApp('/profile/trade-search?st=1&t=search');
  const results = await screen.findByRole('table', { name: 'Trade listings' });
  await user.click(within(results).getByRole('button', { name: `Make offer on ${name}` }));
  await screen.findByRole('heading', { name: 'Season 7 SC Trade Trading Post – Make Offer' });
  return { user, router };
}

describe('trade search', () => {
  it('when the search opens, then it lists other players’ listings for the participant with price and seller, and the breadcrumbs lead through the trading post', async () => {
    signIn(null);
    serveTrade();
    renderApp('/profile/trade-search?st=1&t=search');

    const results = await screen.findByRole('table', { name: 'Trade listings' });
    expect(screen.getByRole('heading', { name: 'Season 7 SC Trade Trading Post – Item Search' })).toBeInTheDocument();
    expect(within(results).getByRole('row', { name: /Blade of Ruin/ })).toHaveTextContent('10 Iron Bar');
    expect(within(results).getByRole('row', { name: /Blade of Ruin/ })).toHaveTextContent('Player Two');
    expect(within(results).getByRole('row', { name: /Offers Only Helm/ })).toHaveTextContent('Offers only');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const q = lastQuery(fetchMock, SEARCH);
    expect([q.get('seasonParticipantId'), q.get('page'), q.get('pageSize'), q.get('branch')]).toEqual([
      '41',
      '1',
      '10',
      'prod',
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(crumbs.getByRole('link', { name: 'Trading Post' })).toBeInTheDocument();
    expect(crumbs.getByText('Item Search')).toBeInTheDocument();
  });

  it('when the player has no trade participant, then the search sends them to the profile', async () => {
    signIn(null);
    serve(fetchMock, { '/api/season/profile': profileBody({ trade: false, ssf: true }), '/api/season/latest': [] });
    const { router } = renderApp('/profile/trade-search?st=1&t=search');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls(fetchMock).some((c) => c.includes('trade-search'))).toBe(false);
  });
});

describe('trade offer', () => {
  it('when the offer screen is opened without a chosen listing, then it goes back to the trade search', async () => {
    signIn(null);
    serveTrade();
    const { router } = renderApp('/profile/trade-offer?st=1&t=offer');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/trade-search'));
    expect(router.state.location.search).toBe('?st=1&t=search');
  });

  it('when a listing is chosen, then the offer screen shows it and the own stash without a Transfer Queue, offerable items only', async () => {
    signIn(null);
    serveTrade();
    await openOffer('Blade of Ruin');

    expect(screen.getByRole('region', { name: 'Listed item' })).toHaveTextContent('Seller: Player Two');
    await screen.findByRole('table', { name: 'Cloud Stash' });
    const tabs = within(screen.getByRole('tablist', { name: 'Stash views' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Currencies', 'Cloud Stash']);
    expect(lastQuery(fetchMock, STASH).get('forTrade')).toBe('true');
  });

  it('when items are added, then each goes in once, the count shows only above 1 and clamps to 1..maxCount, and the offer sends the counts', async () => {
    signIn(null);
    serveTrade();
    const { user } = await openOffer('Blade of Ruin');
    await screen.findByRole('table', { name: 'Cloud Stash' });

    const send = screen.getByRole('button', { name: 'Send Offer' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Spare Ring to offer' }));
    expect(screen.getByRole('button', { name: 'Add Spare Ring to offer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Aether Potion to offer' }));

    const offered = within(screen.getByRole('list', { name: 'Offered items' }));
    expect(offered.getAllByRole('listitem')).toHaveLength(2);
    // Only the stack of 5 has a count field.
    const counts = offered.getAllByRole('spinbutton', { name: 'Count' });
    expect(counts).toHaveLength(1);
    fireEvent.change(counts[0]!, { target: { value: '9' } });
    expect(counts[0]).toHaveValue(5);
    fireEvent.change(counts[0]!, { target: { value: '-2' } });
    expect(counts[0]).toHaveValue(1);
    fireEvent.change(counts[0]!, { target: { value: '4' } });
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'two for one');

    await user.click(send);

    expect(await screen.findByText('Offer sent.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST /api/trade/participant/41/trade-offer')).toEqual([
      {
        tradeListingId: 7,
        comment: 'two for one',
        tradeOfferItems: [
          { participantItemId: 1, count: 1 },
          { participantItemId: 2, count: 4 },
        ],
      },
    ]);
  });

  it('when the offer fails, then the screen shows the error state without the server message and no Error modal', async () => {
    signIn(null);
    serveTrade({
      'POST /api/trade/participant/41/trade-offer': fakeResponse({ status: 400, body: { message: 'You are blocked' } }),
    });
    const { user } = await openOffer('Blade of Ruin');
    await screen.findByRole('table', { name: 'Cloud Stash' });

    await user.click(screen.getByRole('button', { name: 'Add Spare Ring to offer' }));
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));

    expect(await screen.findByText('The offer failed.')).toBeInTheDocument();
    expect(screen.queryByText(/You are blocked/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the player holds less than the asking price, then Buy Out is disabled', async () => {
    signIn(null);
    serveTrade({}, currencies({ 'Iron Bar': 9 }));
    await openOffer('Blade of Ruin');

    await screen.findByText('You hold 9 Iron Bar.');
    expect(screen.getByRole('button', { name: 'Buy Out' })).toBeDisabled();
  });

  it('when the player holds the asking price, then Buy Out is enabled and buys the listing out', async () => {
    signIn(null);
    serveTrade();
    const { user } = await openOffer('Blade of Ruin');

    await screen.findByText('You hold 10 Iron Bar.');
    await user.click(screen.getByRole('button', { name: 'Buy Out' }));

    expect(await screen.findByText('Bought out: the item is in your cloud stash.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST /api/trade/participant/41/buyout')).toEqual([{ tradeListingId: 7 }]);
    expect(screen.getByRole('button', { name: 'Buy Out' })).toBeDisabled();
  });

  it('when the buyout fails, then only the error state shows', async () => {
    signIn(null);
    serveTrade({
      'POST /api/trade/participant/41/buyout': fakeResponse({ status: 409, body: { message: 'settling' } }),
    });
    const { user } = await openOffer('Blade of Ruin');

    await screen.findByText('You hold 10 Iron Bar.');
    await user.click(screen.getByRole('button', { name: 'Buy Out' }));

    expect(await screen.findByText('The buyout failed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the listing takes offers only, then there is no Buy Out', async () => {
    signIn(null);
    serveTrade();
    await openOffer('Offers Only Helm');

    await screen.findByRole('table', { name: 'Cloud Stash' });
    expect(screen.queryByRole('button', { name: 'Buy Out' })).not.toBeInTheDocument();
  });
});

describe('price history on the offer screen', () => {
  const HISTORY = '/api/trade/price-history';
  const history = (volume: number) => ({
    record: 'records/items/gearweapons/swords1h/blade.dbr',
    currency: volume ? 'Iron Bar' : null,
    median: volume ? 12 : null,
    volume,
    last: [
      {
        currency: 'Iron Bar',
        price: 15,
        count: 1,
        prefixRecord: '',
        suffixRecord: '',
        settledOn: '2026-11-20T10:00:00Z',
      },
      {
        currency: 'Iron Bar',
        price: 9,
        count: 2,
        prefixRecord: '',
        suffixRecord: '',
        settledOn: '2026-11-19T10:00:00Z',
      },
      { currency: null, price: null, count: 1, prefixRecord: '', suffixRecord: '', settledOn: '2026-11-18T10:00:00Z' },
    ].slice(0, volume),
  });

  it('when the listed item has sold before, then the median, the number of sales and the last prices show for that item', async () => {
    signIn(null);
    serveTrade({ [HISTORY]: history(3) });
    await openOffer('Blade of Ruin');

    const panel = within(await screen.findByRole('region', { name: 'Price history' }));
    expect(await panel.findByText('Median: 12 Iron Bar · Sales: 3')).toBeInTheDocument();
    const last = within(panel.getByRole('list', { name: 'Last prices' }));
    expect(last.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '15 Iron Bar',
      '9 Iron Bar for 2',
      'items',
    ]);
    // Asked for the listed item (listing 7 holds item 507), on the participant's branch.
    const q = lastQuery(fetchMock, HISTORY);
    expect([q.get('participantItemId'), q.get('branch'), q.get('record')]).toEqual(['507', 'prod', null]);
  });

  it('when the item never sold, then the panel says so', async () => {
    signIn(null);
    serveTrade({ [HISTORY]: history(0) });
    await openOffer('Blade of Ruin');

    const panel = within(await screen.findByRole('region', { name: 'Price history' }));
    expect(await panel.findByText('No sales yet this season.')).toBeInTheDocument();
    expect(panel.queryByRole('list', { name: 'Last prices' })).not.toBeInTheDocument();
  });

  it('when the price history fails, then the panel says it is unavailable, no Error modal opens and Buy Out still works', async () => {
    signIn(null);
    serveTrade({ [HISTORY]: fakeResponse({ status: 503, body: { message: 'trade is down' } }) });
    const { user } = await openOffer('Blade of Ruin');

    const panel = within(await screen.findByRole('region', { name: 'Price history' }));
    expect(await panel.findByText('Price history unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Out' }));
    expect(await screen.findByText('Bought out: the item is in your cloud stash.')).toBeInTheDocument();
  });
});
