import { apiClient } from '@/lib/api-client';
import type { Season } from './season-types';

/** The mod folder of a season number: 3 → GrimLeagueS03. */
export function modNameOf(seasonNumber: number): string {
  return `GrimLeagueS${String(seasonNumber).padStart(2, '0')}`;
}

/** GET /season/mod/GrimLeagueS0{n}: the ladders of one season number, with their challenges. */
export function getSeasonsByMod(seasonNumber: number): Promise<Season[]> {
  return apiClient.get<Season[]>(`/season/mod/${modNameOf(seasonNumber)}`);
}
