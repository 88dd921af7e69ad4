import { apiClient } from '@/lib/api-client';
import type { Socials } from './season-types';

/** GET /user/{name}/socials. */
export function getSocials(username: string): Promise<Socials> {
  return apiClient.get<Socials>(`/user/${encodeURIComponent(username)}/socials`);
}
