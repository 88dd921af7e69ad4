import { apiClient } from '@/lib/api-client';
import type { BannedUser } from './admin-types';

/** GET /chat/banned-users: users banned now. */
export function getBannedUsers(): Promise<BannedUser[]> {
  return apiClient.get<BannedUser[]>('/chat/banned-users');
}
