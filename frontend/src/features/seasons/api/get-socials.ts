import { ApiError, apiClient } from '@/lib/api-client';
import type { Socials } from './season-types';

/**
 * GET /user/{name}/socials. A name without an account (a ladder imported from an earlier season, or a
 * deleted account) has no links: that is the empty state, not an error. Other failures are the page's
 * error state rather than the global modal.
 */
export async function getSocials(username: string): Promise<Socials> {
  try {
    return await apiClient.get<Socials>(`/user/${encodeURIComponent(username)}/socials`, { showError: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { username, twitchUrl: null, youtubeUrl: null };
    throw error;
  }
}
