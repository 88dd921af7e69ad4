import type { ItemStats } from '@league/contracts';
import { apiClient, prefetch } from '@/lib/api-client';

const itemStatsPath = (itemId: number) => `/season/item/${itemId}/stats`;

/** GET /season/item/{id}/stats: the item display (names, rarity, style, level) and its stat lines. */
export function getItemStats(itemId: number): Promise<ItemStats> {
  return apiClient.get<ItemStats>(itemStatsPath(itemId));
}

/** Asks for an item's display before the page that shows it has loaded (src/early.ts). */
export function prefetchItemStats(itemId: number): void {
  prefetch(itemStatsPath(itemId));
}
