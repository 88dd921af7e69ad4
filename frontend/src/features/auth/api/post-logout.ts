import { apiClient } from '@/lib/api-client';

/**
 * POST /account/logout: the BFF revokes the login of its HttpOnly refresh cookie and clears the cookie
 * (page script cannot). Quiet: logging out locally never waits on, or fails with, this call.
 */
export function postLogout(): Promise<unknown> {
  return apiClient.post('/account/logout', undefined, { showError: false });
}
