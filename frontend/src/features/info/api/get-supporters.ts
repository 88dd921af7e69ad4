import { apiClient } from '@/lib/api-client';

/** GET /admin/supporters: supporter names (public, for the supporters page). */
export function getSupporters(): Promise<string[]> {
  return apiClient.get<string[]>('/admin/supporters');
}
