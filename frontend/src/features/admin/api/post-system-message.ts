import { apiClient } from '@/lib/api-client';

/** POST /chat/system-message: broadcast to every connected client. */
export function postSystemMessage(message: string): Promise<unknown> {
  return apiClient.post('/chat/system-message', { message });
}
