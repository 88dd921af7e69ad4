import type { TokenResponse } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** What the site's refresh answer carries: the BFF keeps the refresh token in its HttpOnly cookie. */
export type SiteTokenResponse = Omit<TokenResponse, 'refresh_token'> & { refresh_token?: string };

/**
 * POST /account/refresh-token with the username only: the BFF adds the refresh token from its HttpOnly
 * cookie (rotated on every use) and sets the new one. Quiet: a failed background refresh is the session
 * saga's business, not a modal over whatever page is open.
 */
export function postRefreshToken(body: { username: string }): Promise<SiteTokenResponse> {
  return apiClient.post<SiteTokenResponse>('/account/refresh-token', body, { showError: false });
}
