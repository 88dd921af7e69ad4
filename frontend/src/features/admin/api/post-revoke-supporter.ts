import { apiClient } from '@/lib/api-client';

/** POST /user/{name}/revoke-supporter: answers the user's roles. */
export function postRevokeSupporter(username: string): Promise<string[]> {
  return apiClient.post<string[]>(`/user/${encodeURIComponent(username)}/revoke-supporter`);
}
