import { apiClient } from '@/lib/api-client';

/** GET /admin/time: the server's clock, `{ utc }` (public: the About countdown runs on it). */
export function getServerTime(): Promise<{ utc: string }> {
  return apiClient.get<{ utc: string }>('/admin/time');
}
