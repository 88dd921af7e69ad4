import { apiClient } from '@/lib/api-client';
import { pageQuery, type PagedRows, type PageRequest } from '../components/admin-grid';
import type { BannedUser } from './admin-types';

/** One page of the users banned now, paged and sorted by the server (sort: username, banStart). */
export function getBannedUsersPage(req: PageRequest): Promise<PagedRows<BannedUser>> {
  return apiClient.get<PagedRows<BannedUser>>('/chat/banned-users', { query: pageQuery(req) });
}
