import { apiClient } from '@/lib/api-client';

/**
 * GET /account/patreon-authorize-url: Patreon's authorize page for this site, where connecting starts.
 * Null when the server has no Patreon settings (503) or cannot say; the panel then explains instead.
 */
export async function getPatreonAuthorizeUrl(): Promise<string | null> {
  try {
    const answer = await apiClient.get<{ url: string }>('/account/patreon-authorize-url', { showError: false });
    return answer.url;
  } catch {
    return null;
  }
}
