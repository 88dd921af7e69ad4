import type { RefreshTokenBody, TokenResponse } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * POST /account/refresh-token: a new token pair for the refresh token (rotated on every use). Quiet:
 * a failed background refresh is the session saga's business, not a modal over whatever page is open.
 */
export function postRefreshToken(body: RefreshTokenBody): Promise<TokenResponse> {
  return apiClient.post<TokenResponse>('/account/refresh-token', body, { showError: false });
}
