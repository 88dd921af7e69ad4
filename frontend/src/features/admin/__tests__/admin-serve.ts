import { configure, screen, within } from '@testing-library/react';
import { fakeResponse } from '@/test/fake-fetch';

// DataGrid renders slowly in jsdom while the whole suite shares two cores: give each wait room.
configure({ asyncUtilTimeout: 15_000 });

type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;
type Answer = unknown | ((init: RequestInit, url: string) => unknown);

/**
 * Answers the fake fetch by 'METHOD /api/path' (or just '/api/path' for GET), as the BFF would; anything
 * else is a 404 with a message. A function answer sees the request and may return a fakeResponse itself.
 */
export function serve(fetchMock: FetchMock, routes: Record<string, Answer>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const answer = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined);
    if (answer === undefined) return fakeResponse({ status: 404, body: { message: `no ${method} ${path}` } });
    const body = typeof answer === 'function' ? (answer as (i: RequestInit, u: string) => unknown)(init, url) : answer;
    if (body && typeof body === 'object' && 'headers' in body && 'ok' in body) return body as Response;
    return fakeResponse({ body });
  });
}

/** The calls made, as 'METHOD /api/path?query'. */
export function calls(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
}

/** The JSON bodies sent to one 'METHOD /api/path'. */
export function bodiesSent(fetchMock: FetchMock, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === key)
    .map(([, init]) => (init.body === undefined ? undefined : JSON.parse(String(init.body))));
}

export function main() {
  // hidden: a dialog marks the page aria-hidden while it is open.
  return within(screen.getByRole('main', { hidden: true }));
}

/** The grid rows of a DataGrid (without its header row), each as a `within`. */
export function gridRows(gridName: string) {
  const grid = screen.getByRole('grid', { name: gridName });
  return within(grid)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id') !== null)
    .map((row) => within(row));
}

/** The text of each cell of the DataGrid's rows. */
export function gridTexts(gridName: string): string[][] {
  const grid = screen.getByRole('grid', { name: gridName });
  return within(grid)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-id') !== null)
    .map((row) =>
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/**
 * Answers a server-paged list as the services do: with `page`/`pageSize` in the URL one page of `rows`
 * (sorted by `sort`/`dir` when given) as `{ items, itemCount }`; without, the plain array.
 */
export function paged<R extends Record<string, unknown>>(
  rows: readonly R[],
  url: string,
): R[] | { items: R[]; itemCount: number } {
  const q = new URL(url, 'http://site').searchParams;
  const sort = q.get('sort');
  const dir = q.get('dir') === 'desc' ? -1 : 1;
  const sorted = sort
    ? [...rows].sort((a, b) => dir * String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')))
    : [...rows];
  if (!q.has('page') && !q.has('pageSize')) return sorted;
  const page = Number(q.get('page') ?? 1);
  const pageSize = Number(q.get('pageSize') ?? 10);
  return { items: sorted.slice((page - 1) * pageSize, page * pageSize), itemCount: rows.length };
}
