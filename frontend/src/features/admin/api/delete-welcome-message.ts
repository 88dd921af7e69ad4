import { apiClient } from '@/lib/api-client';

/** DELETE /chat/welcome-message/{id}. */
export function deleteWelcomeMessage(chatSystemMessageId: number): Promise<unknown> {
  return apiClient.delete(`/chat/welcome-message/${chatSystemMessageId}`);
}
