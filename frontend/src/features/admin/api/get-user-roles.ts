import { apiClient } from '@/lib/api-client';

/** GET /user/{name}/roles. */
export function getUserRoles(username: string): Promise<string[]> {
  return apiClient.get<string[]>(`/user/${encodeURIComponent(username)}/roles`);
}
