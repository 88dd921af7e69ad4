import type { CredentialsBody } from '@league/contracts';
import { apiClient } from '@/lib/api-client';
import type { SiteTokenResponse } from './post-refresh-token';

/**
 * POST /account/login; the page shows a failure below the form, so the Error modal stays closed. The
 * BFF keeps the refresh token in an HttpOnly cookie, so the answer carries role and access_token.
 */
export function postLogin(body: CredentialsBody): Promise<SiteTokenResponse> {
  return apiClient.post<SiteTokenResponse>('/account/login', body, { showError: false });
}
