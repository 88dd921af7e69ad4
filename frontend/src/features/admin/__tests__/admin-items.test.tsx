import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { textBlockRows } from '../admin-format';
import { bodiesSent, calls, gridTexts, serve, paged } from './admin-serve';

const fetchMock = installFetchMock();
/** The grid asks the server for its first page, sorted by name. */
const FIRST_PAGE = '&page=1&pageSize=10&sort=name&dir=asc';
jest.setTimeout(60_000);

const summary = (itemId: number, name: string, rarity: string, type: string, active = true) => ({
  itemId,
  name,
  active,
  lore: 'Old lore',
  rarity,
  type,
  requiredPhysique: 10,
  requiredCunning: 20,
  requiredSpirit: 30,
  requiredPlayerLevel: 94,
  itemLevel: 100,
  dropsFrom: 'Grava',
});

const items = [
  summary(1, 'Zeal of the Damned', 'Legendary', 'Sword'),
  summary(2, 'Ashen Shroud', 'Epic', 'Chest Armor', false),
  summary(3, 'Mark of Blight', 'Rare', 'Medal'),
];

const nodes = [
  { nodeId: 11, parentNodeId: null, nodeTypeId: 1, rawHtml: '+10 Physique\n+5% Health', childNodes: [] },
  { nodeId: 12, parentNodeId: null, nodeTypeId: 2, rawHtml: '', childNodes: [] },
];

function serveItems() {
  serve(fetchMock, {
    '/api/season/items': (_init: RequestInit, url: string) => paged(items, url),
    '/api/season/item/1': { ...items[0], nodes },
    '/api/season/item/700': { ...summary(700, 'New Item', '', ''), nodes: [] },
    'POST /api/admin/item': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return { ...body, itemId: body.itemId || 700, nodes: body.itemId ? nodes : [] };
    },
    'POST /api/admin/node': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return { ...body, nodeId: body.nodeId || 88, parentNodeId: body.parentNodeId ?? null, childNodes: [] };
    },
    'DELETE /api/admin/node/11': { message: 'deleted' },
  });
}

describe('admin items list', () => {
  it('when the list opens, then every item (inactive too) shows sorted by name with an Active column, and names open the edit page in a new tab', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/items');
    await screen.findByRole('grid', { name: 'Items' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Items')).toHaveLength(3));
    expect(gridTexts('Items').map((r) => r.slice(0, 3))).toEqual([
      ['Ashen Shroud', 'Epic', 'Chest Armor'],
      ['Mark of Blight', 'Rare', 'Medal'],
      ['Zeal of the Damned', 'Legendary', 'Sword'],
    ]);
    const link = screen.getByRole('link', { name: 'Zeal of the Damned' });
    expect(link).toHaveAttribute('href', '#/admin/item/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(calls(fetchMock)).toContain(`GET /api/season/items?includeInactive=true${FIRST_PAGE}`);
    expect(screen.getByRole('link', { name: 'New Item' })).toHaveAttribute('href', '/admin/item/new');

    await userEvent.click(screen.getByRole('columnheader', { name: 'Rarity' }));
    await waitFor(() => expect(gridTexts('Items').map((r) => r[1])).toEqual(['Epic', 'Legendary', 'Rare']));
  });

  it('when a search is entered (Enter or the magnifier) and a type chosen, then they are asked for; Clear drops them', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/items');
    await screen.findByRole('grid', { name: 'Items' }, { timeout: 5000 });
    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'blight' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(`GET /api/season/items?includeInactive=true&searchTerm=blight${FIRST_PAGE}`),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Item Type' }));
    expect(screen.getByRole('option', { name: '-- None --' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Medal' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `GET /api/season/items?includeInactive=true&type=Medal&searchTerm=blight${FIRST_PAGE}`,
      ),
    );
    fireEvent.change(search, { target: { value: 'mark' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search items' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `GET /api/season/items?includeInactive=true&type=Medal&searchTerm=mark${FIRST_PAGE}`,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search).toHaveValue('');
    await waitFor(() =>
      expect(calls(fetchMock).at(-1)).toBe(`GET /api/season/items?includeInactive=true${FIRST_PAGE}`),
    );
  });
});

describe('admin item edit', () => {
  it('when a text block is sized, then its height is its line count, or 2 rows when empty', () => {
    expect(textBlockRows('')).toBe(2);
    expect(textBlockRows('one')).toBe(1);
    expect(textBlockRows('a\nb\nc')).toBe(3);
  });

  it('when a new item is opened, then it has the defaults and no node sections; Save creates it and opens its page', async () => {
    signIn('admin');
    serveItems();
    const { router } = renderApp('/admin/item/new');
    const name = await screen.findByRole('textbox', { name: 'Item Name' }, { timeout: 5000 });
    expect(name).toHaveValue('New Item');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Required Player Level' })).toHaveValue(94);
    expect(screen.queryByRole('region', { name: 'Base Stats' })).toBeNull();

    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/item/700'));
    expect(bodiesSent(fetchMock, 'POST /api/admin/item')[0]).toMatchObject({
      itemId: 0,
      name: 'New Item',
      active: true,
      requiredPlayerLevel: 94,
    });
    await screen.findByRole('region', { name: 'Base Stats' });
  });

  it('when an existing item is edited, then every field shows, * Unsaved Changes appears, and Save sends the fields and clears it', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/item/1');
    const name = await screen.findByRole('textbox', { name: 'Item Name' }, { timeout: 5000 });
    expect(name).toHaveValue('Zeal of the Damned');
    for (const label of ['Required Physique', 'Required Cunning', 'Required Spirit', 'Item Level']) {
      expect(screen.getByRole('spinbutton', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Lore' })).toHaveValue('Old lore');
    expect(screen.getByRole('textbox', { name: 'Drops From' })).toHaveValue('Grava');
    expect(screen.getByRole('combobox', { name: 'Rarity' })).toHaveTextContent('Legendary');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Sword');
    expect(screen.queryByText('* Unsaved Changes')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Lore' }), { target: { value: 'New lore' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Required Cunning' }), { target: { value: '44' } });
    expect(screen.getByText('* Unsaved Changes')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(screen.queryByText('* Unsaved Changes')).toBeNull());
    const sent = bodiesSent(fetchMock, 'POST /api/admin/item')[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ itemId: 1, lore: 'New lore', requiredCunning: 44, rarity: 'Legendary' });
    expect(sent).not.toHaveProperty('nodes');
  });

  it('when the item exists, then the five node sections show; Add appears only for an empty section', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/item/1');
    await screen.findByRole('region', { name: 'Base Stats' }, { timeout: 5000 });
    const sections = ['Base Stats', 'Item Modifiers', 'Skill Modifiers', 'Granted Skill', 'Set Bonuses'];
    for (const s of sections) expect(screen.getByRole('region', { name: s })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Stats' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Modifiers' })).toBeNull();
    for (const add of ['Add Skill', 'Add Granted Skill', 'Add Set Bonuses']) {
      expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
    }
    const base = within(screen.getByRole('region', { name: 'Base Stats' }));
    expect(base.getByRole('textbox', { name: 'Text' })).toHaveAttribute('rows', '2');
    const modifiers = within(screen.getByRole('region', { name: 'Item Modifiers' }));
    expect(modifiers.getByRole('textbox', { name: 'Text' })).toHaveAttribute('rows', '2');
    expect(base.getByRole('textbox', { name: 'Text' })).toHaveValue('+10 Physique\n+5% Health');
  });

  it('when a new node is added and saved, then it is sent with the item and gets its id; the Add button goes away', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/item/1');
    await screen.findByRole('region', { name: 'Skill Modifiers' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add Skill' }));
    const section = within(screen.getByRole('region', { name: 'Skill Modifiers' }));
    expect(screen.queryByRole('button', { name: 'Add Skill' })).toBeNull();
    expect(section.getByText('* Unsaved Changes')).toBeInTheDocument();
    fireEvent.change(section.getByRole('textbox', { name: 'Text' }), {
      target: { value: '+2 to Blitz\n+1 to Fire Strike\nx' },
    });
    expect(section.getByRole('textbox', { name: 'Text' })).toHaveAttribute('rows', '3');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(section.queryByText('* Unsaved Changes')).toBeNull());
    expect(bodiesSent(fetchMock, 'POST /api/admin/node')[0]).toEqual({
      nodeId: 0,
      itemId: 1,
      parentNodeId: null,
      nodeTypeId: 3,
      rawHtml: '+2 to Blitz\n+1 to Fire Strike\nx',
    });
  });

  it('when a node delete is cancelled it stays; when confirmed it is deleted on the server', async () => {
    signIn('admin');
    serveItems();
    renderApp('/admin/item/1');
    await screen.findByRole('region', { name: 'Base Stats' }, { timeout: 5000 });
    const base = within(screen.getByRole('region', { name: 'Base Stats' }));
    await userEvent.click(base.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(base.getByRole('textbox', { name: 'Text' })).toBeInTheDocument();

    await userEvent.click(base.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Stats' })).toBeInTheDocument());
    expect(calls(fetchMock)).toContain('DELETE /api/admin/node/11?itemId=1');
  });

  it('when Back is clicked, then the items list opens', async () => {
    signIn('admin');
    serveItems();
    const { router } = renderApp('/admin/item/1');
    await screen.findByRole('textbox', { name: 'Item Name' }, { timeout: 5000 });
    await userEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/items'));
  });
});
