import { apiClient } from '@/lib/api-client';

/** GET /season/profile (logged in): who the caller is on the ladders. */
export interface SeasonProfile {
  username: string;
  isPatreonConnected: boolean;
  seasonParticipants: Array<{ seasonParticipantId: number; seasonId: number; username: string }>;
}

/**
 * The logged-in username, used to decide whether a builds, screenshots or socials page is the
 * visitor's own. Errors stay off the modal: a page that cannot tell simply stays read-only.
 */
export function getSeasonProfile(): Promise<SeasonProfile> {
  return apiClient.get<SeasonProfile>('/season/profile', { showError: false });
}
