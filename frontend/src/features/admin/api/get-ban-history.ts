import { apiClient } from '@/lib/api-client';
import type { BanHistoryEntry } from './admin-types';

/** GET /chat/ban-history?username=: newest first. */
export function getBanHistory(username: string): Promise<BanHistoryEntry[]> {
  return apiClient.get<BanHistoryEntry[]>('/chat/ban-history', { query: { username } });
}
