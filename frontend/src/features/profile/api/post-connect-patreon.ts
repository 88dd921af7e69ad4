import { apiClient } from '@/lib/api-client';

/**
 * POST /account/connect-patreon?code=&state=: links the Patreon account that granted this OAuth code;
 * `state` is the one Patreon handed back, which the account service checks against this session.
 */
export function postConnectPatreon(
  code: string,
  state: string | null,
): Promise<{ message: string; isPatreonConnected: boolean }> {
  return apiClient.post<{ message: string; isPatreonConnected: boolean }>('/account/connect-patreon', undefined, {
    query: { code, state },
    showError: false,
  });
}
