import { apiClient } from '@/lib/api-client';

/** POST /user/{name}/add-supporter: answers the user's roles. */
export function postAddSupporter(username: string): Promise<string[]> {
  return apiClient.post<string[]>(`/user/${encodeURIComponent(username)}/add-supporter`);
}
