import { apiClient } from '@/lib/api-client';
import type { Season } from './season-types';

/** GET /season/{id}. */
export function getSeason(seasonId: number): Promise<Season> {
  return apiClient.get<Season>(`/season/${seasonId}`);
}
