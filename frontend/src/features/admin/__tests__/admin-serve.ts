import { configure, screen, within } from '@testing-library/react';

// DataGrid renders slowly in jsdom while the whole suite shares two cores: give each wait room.
configure({ asyncUtilTimeout: 15_000 });

export { bodiesSent, calls, main, serve } from '@/test/serve';

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
