import { apiClient } from '@/lib/api-client';
import type { Socials } from './season-types';

/** POST /user/socials: your own links; an empty link clears it. */
export function postSocials(body: Socials): Promise<Socials> {
  return apiClient.post<Socials>('/user/socials', body);
}
