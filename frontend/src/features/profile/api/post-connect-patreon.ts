import { apiClient } from '@/lib/api-client';

/** POST /account/connect-patreon?code=: links the Patreon account that granted this OAuth code. */
export function postConnectPatreon(code: string): Promise<{ message: string; isPatreonConnected: boolean }> {
  return apiClient.post<{ message: string; isPatreonConnected: boolean }>('/account/connect-patreon', undefined, {
    query: { code },
    showError: false,
  });
}
