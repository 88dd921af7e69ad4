import { apiClient } from '@/lib/api-client';

/** POST /chat/unban/{user}. */
export function postUnban(username: string): Promise<unknown> {
  return apiClient.post(`/chat/unban/${encodeURIComponent(username)}`);
}
