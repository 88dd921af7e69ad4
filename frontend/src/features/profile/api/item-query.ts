import type { QueryValue } from '@/lib/api-client';
import type { ItemQuery } from './trade-types';

/** The filters of the stash and the trade search; the page number is not a filter. */
export interface ItemFilterValues {
  searchTerm: string;
  filter: string[];
  itemType: number | null;
  minLevel: number | null;
  maxLevel: number | null;
  rarity: string | null;
}

export const NO_FILTERS: ItemFilterValues = {
  searchTerm: '',
  filter: [],
  itemType: null,
  minLevel: null,
  maxLevel: null,
  rarity: null,
};

/**
 * The stash and trade search share their filters (spec §7): stat tags joined by ';' (Listed and Not
 * Listed For Trade are tags too), empty filters left out. The screen counts pages from 0; the API from 1.
 */
export function itemQueryParams(query: ItemQuery): Record<string, QueryValue> {
  const term = query.searchTerm?.trim();
  const tags = query.filter ?? [];
  return {
    page: query.page + 1,
    pageSize: query.pageSize,
    searchTerm: term ? term : undefined,
    filter: tags.length > 0 ? tags.join(';') : undefined,
    itemType: query.itemType ?? undefined,
    minLevel: query.minLevel ?? undefined,
    maxLevel: query.maxLevel ?? undefined,
    rarity: query.rarity || undefined,
  };
}
