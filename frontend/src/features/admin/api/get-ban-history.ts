import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { BanHistoryEntry } from './admin-types';

/** One page of the user's bans, paged and sorted by the server (sort: banStart, banEnd; newest first by default). */
export function getBanHistoryPage(username: string, req: PageRequest): Promise<PagedRows<BanHistoryEntry>> {
  return apiClient.get<PagedRows<BanHistoryEntry>>('/chat/ban-history', { query: { username, ...pageQuery(req) } });
}
