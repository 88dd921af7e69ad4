import type { Branch } from '@/lib/branch';
import { prefetchStash } from './api/get-stash';
import { prefetchTradeSearch } from './api/get-trade-search';
import { NO_FILTERS, type ItemFilterValues } from './api/item-query';
import type { Profile } from './api/profile-types';
import { PAGE_SIZES, type ItemQuery } from './api/trade-types';
import { filtersFromQuery } from './saved-searches';

/**
 * What the stash screen starts from, read from its address: profile/stash?st= (the cloud stash of the season
 * type st, 1 when missing) and profile/trade-search?st=1&t=search[&q=] (the trade search, trade seasons only,
 * with a saved search's filters in q). The screen and the early requests (src/early.ts) both read it here.
 */
export interface StashScreenStart {
  search: boolean;
  seasonTypeId: number;
  initialFilters: ItemFilterValues;
}

export function stashScreenStart(searchRoute: boolean, params: URLSearchParams): StashScreenStart {
  const search = searchRoute || params.get('t') === 'search';
  return {
    search,
    seasonTypeId: search ? 1 : Number(params.get('st') ?? '1'),
    initialFilters: (search && filtersFromQuery(params.get('q'))) || NO_FILTERS,
  };
}

/** Where the stash's and the trade search's table starts: page 0 at the smallest page size. */
export const FIRST_PAGE = { page: 0, pageSize: PAGE_SIZES[0] } as const;

/** The table's first request: its first page, with the screen's first filters. */
export function firstPage(filters: ItemFilterValues): ItemQuery {
  return { ...FIRST_PAGE, ...filters };
}

/** The newest season of the type the caller takes part in (highest season number, then id). */
export function pickParticipant(profile: Profile, seasonTypeId: number) {
  const matching = profile.seasonParticipants.filter((p) => p.season.seasonTypeId === seasonTypeId);
  matching.sort((x, y) => y.season.seasonNumber - x.season.seasonNumber || y.seasonId - x.seasonId);
  return matching[0];
}

/**
 * The stash or the trade search opened from outside (src/early.ts): once the profile has answered, the table's
 * first page, asked for with the very address the screen will ask for (the cloud stash's tab, or the search),
 * so the screen takes the response instead of asking once its code has run.
 */
export async function prefetchStashScreen(
  start: StashScreenStart,
  profile: Promise<Profile | undefined>,
  branch: Branch,
): Promise<void> {
  const answered = await profile;
  const found =
    Array.isArray(answered?.seasonParticipants) &&
    Number.isInteger(start.seasonTypeId) &&
    pickParticipant(answered, start.seasonTypeId);
  if (!found) return;
  const query = firstPage(start.initialFilters);
  if (start.search) prefetchTradeSearch(found.seasonParticipantId, query, branch);
  else prefetchStash(found.seasonParticipantId, query, { transfer: false }, branch);
}
