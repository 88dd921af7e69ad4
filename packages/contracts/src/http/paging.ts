import { z } from '../zod';

/**
 * Server-side paging and sorting for the admin tables (opt-in): a list endpoint that takes these answers
 * `{ items, itemCount }` when `page` or `pageSize` is given, and its plain array otherwise, so the callers
 * that want the whole list (the public pages, the launcher) keep what they had.
 */
export const ADMIN_PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** An empty query value means the parameter is absent. */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The query fields of a pageable, sortable list whose sort keys are `sortFields`. */
export function pageQueryFields<S extends readonly [string, ...string[]]>(sortFields: S) {
  return {
    /** 1-based. */
    page: optional(z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(1_000_000)),
    pageSize: optional(
      z.coerce
        .number()
        .int()
        .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
          message: `pageSize must be one of ${ADMIN_PAGE_SIZES.join(', ')}`,
        }),
    ),
    sort: optional(
      z.enum(sortFields as unknown as [S[number], ...S[number][]], {
        errorMap: () => ({ message: `sort must be one of ${sortFields.join(', ')}` }),
      }),
    ),
    dir: optional(z.enum(SORT_DIRECTIONS, { errorMap: () => ({ message: 'dir must be asc or desc' }) })),
  };
}

export interface PageQuery<S extends string = string> {
  page?: number;
  pageSize?: number;
  sort?: S;
  dir?: SortDirection;
}

/** The page asked for, or undefined when the caller did not ask for paging (then: the plain array). */
export function pageOf(query: PageQuery): { page: number; pageSize: number; skip: number } | undefined {
  if (query.page === undefined && query.pageSize === undefined) return undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZES[0];
  return { page, pageSize, skip: (page - 1) * pageSize };
}

export interface Paged<T> {
  items: T[];
  /** Every row that matches, over all pages. */
  itemCount: number;
}

export const pagedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), itemCount: z.number().int().min(0) });

/** A list endpoint's documented answer: the plain array, or one page of it when paging is asked for. */
export const listOrPageSchema = <T extends z.ZodTypeAny>(item: T) => z.union([z.array(item), pagedSchema(item)]);

type Key = string | number | boolean | null | undefined;

/**
 * Sorts in the process (a stable sort; strings case-insensitively; nulls last ascending) and, when paging
 * is asked for, cuts one page. For lists the store cannot order for us (rows filtered or joined in memory).
 */
export function sortAndPage<T, S extends string>(
  rows: readonly T[],
  query: PageQuery<S>,
  keyOf: (row: T, sort: S) => Key,
  defaultSort: { sort: S; dir: SortDirection },
): T[] | Paged<T> {
  const sort = query.sort ?? defaultSort.sort;
  const dir = query.dir ?? (query.sort === undefined ? defaultSort.dir : 'asc');
  const sign = dir === 'asc' ? 1 : -1;
  const sorted =
    query.sort === undefined && query.dir === undefined && pageOf(query) === undefined
      ? [...rows]
      : rows
          .map((row, index) => ({ row, index, key: keyOf(row, sort) }))
          .sort((a, b) => sign * compareKeys(a.key, b.key) || a.index - b.index)
          .map((e) => e.row);
  const page = pageOf(query);
  if (!page) return sorted;
  return { items: sorted.slice(page.skip, page.skip + page.pageSize), itemCount: sorted.length };
}

/**
 * One collator for every comparison: `a.localeCompare(b, 'en', options)` builds an ICU collator per call,
 * which made sorting the catalogue's page the season service's costliest line under load (a CPU profile of
 * `npm run chaos`). The order is the same.
 */
const TEXT_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function compareKeys(a: Key, b: Key): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return TEXT_ORDER.compare(a, b);
  return a < b ? -1 : a > b ? 1 : 0;
}
