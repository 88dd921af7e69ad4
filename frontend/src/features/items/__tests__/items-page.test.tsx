import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_ITEMS_TEXT } from '../components/items-page';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

function item(itemId: number, name: string, rarity: string, type: string) {
  return {
    itemId,
    name,
    active: true,
    lore: '',
    rarity,
    type,
    requiredPhysique: 0,
    requiredCunning: 0,
    requiredSpirit: 0,
    requiredPlayerLevel: 94,
    itemLevel: 94,
    dropsFrom: '',
  };
}

const items = [
  item(1, 'Bonesplitter', 'Legendary', 'Two-Handed Axe'),
  item(2, 'Aetherfire Ring', 'Epic', 'Ring'),
  item(3, 'Crown of Ash', 'Rare', 'Helm'),
];

function namesInOrder(): string[] {
  const table = within(main().getByRole('table', { name: 'Items' }));
  return table
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent ?? '');
}

function lastUrl(): string {
  return fetchMock.mock.calls.at(-1)?.[0] ?? '';
}

describe('items page', () => {
  beforeEach(() => fetchMock.mockResolvedValue(fakeResponse({ body: items })));

  it('when the page opens, then the items list sorted by name with links opening item/{id} in a new tab', async () => {
    renderApp('/items');

    await main().findByRole('table', { name: 'Items' });
    expect(namesInOrder()).toEqual(['Aetherfire Ring', 'Bonesplitter', 'Crown of Ash']);
    const link = main().getByRole('link', { name: 'Bonesplitter' });
    expect(link).toHaveAttribute('href', '#/item/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(lastUrl()).toBe('/api/season/items');
  });

  it('when a row is clicked, then item/{id} opens in a new tab', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      renderApp('/items');
      const table = within(await main().findByRole('table', { name: 'Items' }));
      const cell = table.getByText('Helm');
      await user.click(cell);
      expect(open).toHaveBeenCalledWith('#/item/3', '_blank', 'noopener');
    } finally {
      open.mockRestore();
    }
  });

  it('when a column header is clicked twice, then it sorts ascending then descending, and another column starts ascending', async () => {
    const user = userEvent.setup();
    renderApp('/items');
    await main().findByRole('table', { name: 'Items' });

    await user.click(main().getByRole('button', { name: 'Rarity' }));
    expect(namesInOrder()).toEqual(['Aetherfire Ring', 'Bonesplitter', 'Crown of Ash']);
    expect(main().getByRole('columnheader', { name: /Rarity/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(main().getByRole('button', { name: 'Rarity' }));
    expect(namesInOrder()).toEqual(['Crown of Ash', 'Bonesplitter', 'Aetherfire Ring']);
    expect(main().getByRole('columnheader', { name: /Rarity/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(main().getByRole('button', { name: 'Type' }));
    expect(namesInOrder()).toEqual(['Crown of Ash', 'Aetherfire Ring', 'Bonesplitter']);
    expect(main().getByRole('columnheader', { name: /Type/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('when a type is chosen in Filter By, then the list is asked for that exact type, from the 24 catalogue types', async () => {
    const user = userEvent.setup();
    renderApp('/items');
    await main().findByRole('table', { name: 'Items' });

    const select = main().getByLabelText('Filter By');
    expect(within(select).getAllByRole('option')).toHaveLength(CATALOGUE_ITEM_TYPES.length + 1);
    await user.selectOptions(select, 'Two-Handed Axe');

    await waitFor(() => expect(lastUrl()).toBe('/api/season/items?type=Two-Handed+Axe'));
  });

  it('when a search is entered and then cleared, then the list is searched and afterwards asked for in full', async () => {
    const user = userEvent.setup();
    renderApp('/items');
    await main().findByRole('table', { name: 'Items' });

    fetchMock.mockResolvedValue(fakeResponse({ body: [] }));
    await user.type(main().getByRole('searchbox', { name: 'Search' }), 'dragon{Enter}');
    expect(await main().findByText(NO_ITEMS_TEXT)).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/season/items?searchTerm=dragon');

    fetchMock.mockResolvedValue(fakeResponse({ body: items }));
    await user.click(main().getByRole('button', { name: 'Clear' }));
    expect(main().getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await main().findByRole('table', { name: 'Items' });
    expect(lastUrl()).toBe('/api/season/items');
  });

  it('when the list cannot be loaded, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Catalogue unavailable' }));
    renderApp('/items');

    expect(await main().findByText('Catalogue unavailable')).toBeInTheDocument();
  });
});
