import type { RegisterUserBody } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** POST /account/register-user; the page shows the server's text below the form. */
export function postRegisterUser(body: RegisterUserBody): Promise<unknown> {
  return apiClient.post<unknown>('/account/register-user', body, { showError: false });
}
