import type { ActiveUser } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /user/active: the signed-in user as the account service knows it. */
export function getActiveUser(options: { showError?: boolean } = {}): Promise<ActiveUser> {
  return apiClient.get<ActiveUser>('/user/active', options);
}
