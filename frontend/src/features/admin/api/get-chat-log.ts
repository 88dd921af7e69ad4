import { apiClient } from '@/lib/api-client';
import type { ChatLogEntry } from './admin-types';

/** GET /chat/chat-log?username=: the user's messages, newest first. */
export function getChatLog(username: string): Promise<ChatLogEntry[]> {
  return apiClient.get<ChatLogEntry[]>('/chat/chat-log', { query: { username } });
}
