import { apiClient } from '@/lib/api-client';

/** POST /chat/ban/{user}. */
export function postBan(username: string): Promise<unknown> {
  return apiClient.post(`/chat/ban/${encodeURIComponent(username)}`);
}
