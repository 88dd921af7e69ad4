import { sortAndPage } from './paging';

interface Row {
  name: string | null;
  level: number;
}

const rows: Row[] = [
  { name: 'ring 10', level: 3 },
  { name: 'Ring 9', level: 1 },
  { name: null, level: 2 },
  { name: 'amulet', level: 5 },
  { name: 'RING 9', level: 4 },
];
const byKey = (row: Row, sort: 'name' | 'level') => row[sort];
const names = (sorted: Row[] | { items: Row[] }) => (Array.isArray(sorted) ? sorted : sorted.items).map((r) => r.name);

describe('sorting a list in the process', () => {
  it('when sorted by text, then case is ignored, numbers in it count as numbers, ties keep their order and missing values go last', () => {
    const sorted = sortAndPage(rows, { sort: 'name' }, byKey, { sort: 'level', dir: 'asc' });

    expect(names(sorted)).toEqual(['amulet', 'Ring 9', 'RING 9', 'ring 10', null]);
  });

  it('when sorted descending and paged, then the order is reversed and one page of it comes back with the count', () => {
    const page = sortAndPage(rows, { sort: 'name', dir: 'desc', page: 1, pageSize: 2 }, byKey, {
      sort: 'level',
      dir: 'asc',
    });

    expect(page).toEqual({ items: [rows[2], rows[0]], itemCount: 5 });
  });
});
