import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { calls, gridTexts, paged, serve } from './admin-serve';

const fetchMock = installFetchMock();
// Each test drives a DataGrid through several server round trips on a shared machine.
jest.setTimeout(120_000);

const pad = (i: number) => String(i).padStart(2, '0');
const item = (i: number) => ({
  itemId: i,
  name: `Relic ${pad(i)}`,
  active: i % 2 === 0,
  lore: '',
  rarity: ['Epic', 'Legendary', 'Rare'][i % 3]!,
  type: 'Ring',
  requiredPhysique: 0,
  requiredCunning: 0,
  requiredSpirit: 0,
  requiredPlayerLevel: 94,
  itemLevel: 100,
  dropsFrom: '',
});
const items = Array.from({ length: 25 }, (_, i) => item(i + 1));
const log = Array.from({ length: 15 }, (_, i) => ({
  timestamp: `2024-10-21T10:${pad(59 - i)}:00.000Z`,
  message: `line ${pad(15 - i)}`,
  channel: 'Global',
}));
const banned = Array.from({ length: 12 }, (_, i) => ({
  username: `user${pad(i + 1)}`,
  banStart: `2024-10-${pad(i + 1)}T10:00:00.000Z`,
}));

function serveLists() {
  serve(fetchMock, {
    '/api/season/items': (_init: RequestInit, url: string) => paged(items, url),
    '/api/chat/chat-log': (_init: RequestInit, url: string) => paged(log, url),
    '/api/chat/banned-users': (_init: RequestInit, url: string) => paged(banned, url),
    '/api/chat/connected-clients': [],
    '/api/chat/welcome-messages': [],
  });
}

const lastCall = (path: string) =>
  calls(fetchMock)
    .filter((c) => c.startsWith(`GET /api${path}?`))
    .at(-1);

describe('admin grids page and sort on the server', () => {
  it('when the item list opens, then only the first page is asked for and the pager counts every item', async () => {
    signIn('admin');
    serveLists();
    renderApp('/admin/items');
    await screen.findByRole('grid', { name: 'Items' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Items')).toHaveLength(10));
    expect(lastCall('/season/items')).toBe(
      'GET /api/season/items?includeInactive=true&page=1&pageSize=10&sort=name&dir=asc',
    );
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    expect(gridTexts('Items')[0]![0]).toBe('Relic 01');
  });

  it('when the admin goes to the next page, then the grid asks the server for page 2 and shows its rows', async () => {
    signIn('admin');
    serveLists();
    renderApp('/admin/items');
    await screen.findByRole('grid', { name: 'Items' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Items')).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(lastCall('/season/items')).toBe(
        'GET /api/season/items?includeInactive=true&page=2&pageSize=10&sort=name&dir=asc',
      ),
    );
    await waitFor(() => expect(gridTexts('Items')[0]![0]).toBe('Relic 11'));
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(gridTexts('Items').map((r) => r[0])).toEqual(['Relic 21', 'Relic 22', 'Relic 23', 'Relic 24', 'Relic 25']),
    );
  });

  it('when a column header is clicked, then the server is asked to sort by it from the first page; a new search goes back to page 1', async () => {
    signIn('admin');
    serveLists();
    renderApp('/admin/items');
    await screen.findByRole('grid', { name: 'Items' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Items')).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(gridTexts('Items')[0]![0]).toBe('Relic 11'));

    await userEvent.click(screen.getByRole('columnheader', { name: 'Rarity' }));
    await waitFor(() =>
      expect(lastCall('/season/items')).toBe(
        'GET /api/season/items?includeInactive=true&page=1&pageSize=10&sort=rarity&dir=asc',
      ),
    );
    // Every third relic is Epic (8 of 25): the server's first page holds all of them, then Legendary.
    await waitFor(() =>
      expect(gridTexts('Items').map((r) => r[1])).toEqual([...Array(8).fill('Epic'), 'Legendary', 'Legendary']),
    );
    await userEvent.click(screen.getByRole('columnheader', { name: 'Rarity' }));
    await waitFor(() =>
      expect(lastCall('/season/items')).toBe(
        'GET /api/season/items?includeInactive=true&page=1&pageSize=10&sort=rarity&dir=desc',
      ),
    );
    await waitFor(() => expect(gridTexts('Items')[0]![1]).toBe('Rare'));

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastCall('/season/items')).toContain('&page=2&'));
    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'relic' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(lastCall('/season/items')).toBe(
        'GET /api/season/items?includeInactive=true&searchTerm=relic&page=1&pageSize=10&sort=rarity&dir=desc',
      ),
    );
    // The new search never asks for the old page.
    expect(calls(fetchMock).filter((c) => c.includes('searchTerm=relic'))).toEqual([
      'GET /api/season/items?includeInactive=true&searchTerm=relic&page=1&pageSize=10&sort=rarity&dir=desc',
    ]);
  });

  it('when a chat log has more than a page, then the next page and a sort by time are asked of the server', async () => {
    signIn('admin');
    serveLists();
    renderApp('/admin/chat/user/troll');
    await screen.findByRole('grid', { name: 'Chat Log' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Chat Log')).toHaveLength(10));
    expect(lastCall('/chat/chat-log')).toBe('GET /api/chat/chat-log?username=troll&page=1&pageSize=10');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(lastCall('/chat/chat-log')).toBe('GET /api/chat/chat-log?username=troll&page=2&pageSize=10'),
    );
    await waitFor(() =>
      expect(gridTexts('Chat Log').map((r) => r[2])).toEqual(['line 05', 'line 04', 'line 03', 'line 02', 'line 01']),
    );

    await userEvent.click(screen.getByRole('columnheader', { name: 'Time (UTC)' }));
    await waitFor(() =>
      expect(lastCall('/chat/chat-log')).toBe(
        'GET /api/chat/chat-log?username=troll&page=1&pageSize=10&sort=timestamp&dir=asc',
      ),
    );
    await waitFor(() => expect(gridTexts('Chat Log')[0]![2]).toBe('line 01'));
  });

  it('when banned users span pages, then the grid pages on the server and sorts by ban start there', async () => {
    signIn('admin');
    serveLists();
    renderApp('/admin/chat?t=bu');
    await screen.findByRole('grid', { name: 'Banned Users' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Banned Users')).toHaveLength(10));
    expect(lastCall('/chat/banned-users')).toBe('GET /api/chat/banned-users?page=1&pageSize=10&sort=username&dir=asc');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(gridTexts('Banned Users').map((r) => r[0])).toEqual(['user11', 'user12']));
    await userEvent.click(screen.getByRole('columnheader', { name: 'Banned Since' }));
    await waitFor(() =>
      expect(lastCall('/chat/banned-users')).toBe(
        'GET /api/chat/banned-users?page=1&pageSize=10&sort=banStart&dir=asc',
      ),
    );
    await userEvent.click(await screen.findByRole('columnheader', { name: /Banned Since/ }));
    await waitFor(() =>
      expect(lastCall('/chat/banned-users')).toBe(
        'GET /api/chat/banned-users?page=1&pageSize=10&sort=banStart&dir=desc',
      ),
    );
    await waitFor(() => expect(gridTexts('Banned Users')[0]![0]).toBe('user12'));
  });
});
