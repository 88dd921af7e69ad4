import type { CredentialsBody, TokenResponse } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** POST /account/login; the page shows a failure below the form, so the Error modal stays closed. */
export function postLogin(body: CredentialsBody): Promise<TokenResponse> {
  return apiClient.post<TokenResponse>('/account/login', body, { showError: false });
}
