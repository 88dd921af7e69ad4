import { apiClient } from '@/lib/api-client';
import type { AdminSeason } from './admin-types';

/** GET /season/{id}: the season's display name for the challenge list title. */
export function getAdminSeason(seasonId: number): Promise<AdminSeason> {
  return apiClient.get<AdminSeason>(`/season/${seasonId}`);
}
