import type { ChangePasswordBody } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** POST /account/change-password: sets the new password with the mailed code. */
export function postChangePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/account/change-password', body, { showError: false });
}
