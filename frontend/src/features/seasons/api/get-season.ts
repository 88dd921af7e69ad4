import { apiClient, prefetch } from '@/lib/api-client';
import type { Season } from './season-types';

const seasonPath = (seasonId: number) => `/season/${seasonId}`;

/** GET /season/{id}. */
export function getSeason(seasonId: number): Promise<Season> {
  return apiClient.get<Season>(seasonPath(seasonId));
}

/** Asks for GET /season/{id} before the page that shows it has loaded (src/early.ts). */
export function prefetchSeason(seasonId: number): void {
  prefetch(seasonPath(seasonId));
}
