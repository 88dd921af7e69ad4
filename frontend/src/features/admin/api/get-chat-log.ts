import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { ChatLogEntry } from './admin-types';

/** One page of the user's chat log, paged and sorted by the server (sort: timestamp, channel, message). */
export function getChatLogPage(username: string, req: PageRequest): Promise<PagedRows<ChatLogEntry>> {
  return apiClient.get<PagedRows<ChatLogEntry>>('/chat/chat-log', { query: { username, ...pageQuery(req) } });
}
