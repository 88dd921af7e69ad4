import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { bodiesSent, listing, profileBody, serve, stashItem } from './trade-fixtures';

// Choosing a currency twice takes 15 s alone on a 2-core machine (role queries over the whole page in jsdom).
jest.setTimeout(60_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));

const STASH = '/api/season/participant/41/stash';

function serveStash(overrides: Record<string, unknown> = {}) {
  serve(fetchMock, {
    '/api/season/profile': profileBody(),
    '/api/season/item-filters': [],
    [STASH]: {
      items: [
        stashItem(1, 'Blade of Ruin'),
        stashItem(2, 'Aether Potion', { stackCount: 5 }),
        stashItem(3, 'Soulbound Relic', { tradable: false }),
        stashItem(4, 'Listed Shield', { forTrade: true, askingCurrency: 'Scrap', askingPrice: 3 }),
      ],
      itemCount: 4,
      capacity: 250,
    },
    'POST /api/trade/participant/41/list-trade': listing(11, 'Aether Potion', { seasonParticipantId: 41 }),
    ...overrides,
  });
}

async function openListingForm(name: string) {
  const user = userEvent.setup();
  renderApp('/profile/stash?st=1');
  await screen.findByRole('table', { name: 'Cloud Stash' });
  await user.click(screen.getByRole('button', { name: `Trade ${name}` }));
  const dialog = within(await screen.findByRole('dialog', { name: /List Item for Trade|Edit Listing/ }));
  return { user, dialog };
}

const price = (dialog: ReturnType<typeof within>) => dialog.getByRole('spinbutton', { name: 'Asking price' });

async function chooseCurrency(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  name: string,
) {
  await user.click(dialog.getByRole('combobox', { name: 'Asking currency' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('listing form', () => {
  it('when the item is not tradable, then it says Item cannot be traded and offers no Create Listing', async () => {
    signIn(null);
    serveStash();
    const { dialog } = await openListingForm('Soulbound Relic');

    expect(dialog.getByText('Item cannot be traded')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Create Listing' })).not.toBeInTheDocument();
  });

  it('when the item is already listed, then it says Item is listed for trade instead of the create button', async () => {
    signIn(null);
    serveStash();
    const { dialog } = await openListingForm('Listed Shield');

    expect(dialog.getByText('Item is listed for trade')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Create Listing' })).not.toBeInTheDocument();
  });

  it('when no currency is chosen the price is cleared, with a currency a price below 1 becomes 1', async () => {
    signIn(null);
    serveStash();
    const { user, dialog } = await openListingForm('Blade of Ruin');

    expect(price(dialog)).toBeDisabled();
    expect(price(dialog)).toHaveValue(null);
    await chooseCurrency(user, dialog, 'Iron Bar');
    expect(price(dialog)).toBeEnabled();
    expect(price(dialog)).toHaveValue(1);
    fireEvent.change(price(dialog), { target: { value: '0' } });
    expect(price(dialog)).toHaveValue(1);
    fireEvent.change(price(dialog), { target: { value: '-5' } });
    expect(price(dialog)).toHaveValue(1);
    fireEvent.change(price(dialog), { target: { value: '25' } });
    expect(price(dialog)).toHaveValue(25);
    await chooseCurrency(user, dialog, '-- None (offers only) --');
    expect(price(dialog)).toHaveValue(null);
    expect(price(dialog)).toBeDisabled();
  });

  it('when the count is typed, then it clamps between 1 and the stack, and the listing is created with it', async () => {
    signIn(null);
    serveStash();
    const { user, dialog } = await openListingForm('Aether Potion');

    const count = dialog.getByRole('spinbutton', { name: 'Count' });
    expect(count).toHaveValue(5);
    fireEvent.change(count, { target: { value: '12' } });
    expect(count).toHaveValue(5);
    fireEvent.change(count, { target: { value: '0' } });
    expect(count).toHaveValue(1);
    fireEvent.change(count, { target: { value: '3' } });
    await chooseCurrency(user, dialog, 'Royal Jelly');
    fireEvent.change(price(dialog), { target: { value: '7' } });
    await user.type(dialog.getByRole('textbox', { name: 'Comment' }), 'cheap');
    await user.click(dialog.getByRole('button', { name: 'Create Listing' }));

    expect(await dialog.findByText('Item listed for trade.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST /api/trade/participant/41/list-trade')).toEqual([
      { participantItemId: 2, count: 3, askingCurrency: 'Royal Jelly', askingPrice: 7, sellerComment: 'cheap' },
    ]);
  });

  it('when a single item is listed, then there is no count field and the offers-only listing sends no price', async () => {
    signIn(null);
    serveStash();
    const { user, dialog } = await openListingForm('Blade of Ruin');

    expect(dialog.queryByRole('spinbutton', { name: 'Count' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create Listing' }));

    await dialog.findByText('Item listed for trade.');
    expect(bodiesSent(fetchMock, 'POST /api/trade/participant/41/list-trade')).toEqual([
      { participantItemId: 1, count: 1, askingCurrency: null, askingPrice: null, sellerComment: '' },
    ]);
  });

  it('when Copy Price is clicked, then the price goes to the clipboard as JSON, and pasting JSON with Ctrl+V sets currency and price', async () => {
    signIn(null);
    serveStash();
    const { user, dialog } = await openListingForm('Blade of Ruin');
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await chooseCurrency(user, dialog, 'Scrap');
    fireEvent.change(price(dialog), { target: { value: '40' } });
    await user.click(dialog.getByRole('button', { name: 'Copy Price' }));
    expect(writeText).toHaveBeenCalledWith(JSON.stringify({ currency: 'Scrap', price: 40 }));

    fireEvent.paste(price(dialog), {
      clipboardData: { getData: () => JSON.stringify({ currency: 'Aether Crystal', price: 0 }) },
    });
    expect(dialog.getByRole('combobox', { name: 'Asking currency' })).toHaveTextContent('Aether Crystal');
    expect(price(dialog)).toHaveValue(1);
    fireEvent.paste(price(dialog), { clipboardData: { getData: () => '{"currency":"Iron Bar","price":15}' } });
    expect(price(dialog)).toHaveValue(15);
    // Text that is not a price is left to the field.
    fireEvent.paste(price(dialog), { clipboardData: { getData: () => 'hello' } });
    expect(price(dialog)).toHaveValue(15);
    expect(dialog.getByRole('combobox', { name: 'Asking currency' })).toHaveTextContent('Iron Bar');
  });

  it('when the server refuses the listing, then the form shows Error: and its message', async () => {
    signIn(null);
    serveStash({
      'POST /api/trade/participant/41/list-trade': fakeResponse({
        status: 400,
        body: { message: 'Item cannot be traded' },
      }),
    });
    const { user, dialog } = await openListingForm('Blade of Ruin');

    await user.click(dialog.getByRole('button', { name: 'Create Listing' }));

    expect(await dialog.findByText('Error: Item cannot be traded')).toBeInTheDocument();
    // The form shows it; no Error modal on top.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('my listings', () => {
  const mine = [
    listing(11, 'Aether Potion', { seasonParticipantId: 41, owner: 'Player One', count: 3, maxCount: 5 }),
    listing(12, 'Blade of Ruin', { seasonParticipantId: 41, owner: 'Player One' }),
  ];

  function serveListings(overrides: Record<string, unknown> = {}) {
    serve(fetchMock, {
      '/api/season/profile': profileBody(),
      '/api/trade/participant/41/trade-listings': mine,
      '/api/trade/participant/41/events': fakeResponse({ status: 404 }),
      'PUT /api/trade/participant/41/trade-listing': { ...mine[0], askingCurrency: 'Scrap', askingPrice: 2 },
      'DELETE /api/trade/participant/41/trade-listing/12': {},
      ...overrides,
    });
  }

  it('when a listing is edited, then its count is fixed and the new price is saved and shown', async () => {
    signIn(null);
    serveListings();
    const user = userEvent.setup();
    renderApp('/profile/my-listings?st=1');

    const table = await screen.findByRole('table', { name: 'My listings' });
    const row = within(table).getByRole('row', { name: /Aether Potion/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Listing' }));
    expect(dialog.getByRole('spinbutton', { name: 'Count' })).toBeDisabled();
    expect(dialog.getByRole('spinbutton', { name: 'Count' })).toHaveValue(3);
    await chooseCurrency(user, dialog, 'Scrap');
    fireEvent.change(price(dialog), { target: { value: '2' } });
    await user.click(dialog.getByRole('button', { name: 'Save Listing' }));

    await dialog.findByText('Listing saved.');
    expect(bodiesSent(fetchMock, 'PUT /api/trade/participant/41/trade-listing')).toEqual([
      { tradeListingId: 11, askingCurrency: 'Scrap', askingPrice: 2, sellerComment: 'fair price' },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: /Aether Potion/ })).toHaveTextContent('2 Scrap'));
  });

  it('when editing fails, then the form shows Error: and the message', async () => {
    signIn(null);
    serveListings({
      'PUT /api/trade/participant/41/trade-listing': fakeResponse({
        status: 409,
        body: { message: 'The listing is settling' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/profile/my-listings?st=1');

    const table = await screen.findByRole('table', { name: 'My listings' });
    await user.click(
      within(within(table).getByRole('row', { name: /Blade of Ruin/ })).getByRole('button', { name: 'Edit' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Listing' }));
    await user.click(dialog.getByRole('button', { name: 'Save Listing' }));

    expect(await dialog.findByText('Error: The listing is settling')).toBeInTheDocument();
  });

  it('when a listing is removed, then it is deleted on the server and leaves the list', async () => {
    signIn(null);
    serveListings();
    const user = userEvent.setup();
    renderApp('/profile/my-listings?st=1');

    const table = await screen.findByRole('table', { name: 'My listings' });
    await user.click(
      within(within(table).getByRole('row', { name: /Blade of Ruin/ })).getByRole('button', { name: 'Remove' }),
    );

    await waitFor(() => expect(within(table).queryByRole('row', { name: /Blade of Ruin/ })).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([url, init]) => init.method === 'DELETE' && url.includes('/trade-listing/12')),
    ).toBe(true);
  });
});

describe('price history in the listing form', () => {
  it('when an item is being listed, then the form shows what its base record sold for, asked for that item', async () => {
    signIn(null);
    serveStash({
      '/api/trade/price-history': {
        record: 'records/items/misc/potion.dbr',
        currency: 'Scrap',
        median: 4,
        volume: 2,
        last: [
          {
            currency: 'Scrap',
            price: 5,
            count: 1,
            prefixRecord: '',
            suffixRecord: '',
            settledOn: '2026-11-20T10:00:00Z',
          },
          {
            currency: 'Scrap',
            price: 3,
            count: 1,
            prefixRecord: '',
            suffixRecord: '',
            settledOn: '2026-11-19T10:00:00Z',
          },
        ],
      },
    });
    const { dialog } = await openListingForm('Aether Potion');

    const panel = within(dialog.getByRole('region', { name: 'Price history' }));
    expect(await panel.findByText('Median: 4 Scrap · Sales: 2')).toBeInTheDocument();
    expect(panel.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['5 Scrap', '3 Scrap']);
    const asked = fetchMock.mock.calls
      .map(([url]) => url)
      .filter((u: string) => u.startsWith('/api/trade/price-history'));
    expect(new URLSearchParams(asked[asked.length - 1]!.split('?')[1]).get('participantItemId')).toBe('2');
  });
});
