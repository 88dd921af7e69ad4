import type { ActiveUser } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * GET /user/active, read for its isPatreonConnected. The account service owns the Patreon link; the
 * season service's GET /season/profile answers isPatreonConnected: false for everyone (no event carries
 * the link to it yet), so the profile asks the owner. Quiet: the profile still works without it.
 */
export async function getPatreonStatus(): Promise<boolean> {
  const user = await apiClient.get<ActiveUser>('/user/active', { showError: false });
  return user.isPatreonConnected === true;
}
