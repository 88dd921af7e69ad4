import { apiClient } from '@/lib/api-client';

/** GET /chat/connected-clients: the usernames online in chat now. */
export function getConnectedClients(): Promise<string[]> {
  return apiClient.get<string[]>('/chat/connected-clients');
}
