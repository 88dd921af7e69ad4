import { apiUrl } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-cookie';
import type { Branch } from '@/lib/branch';

/**
 * GET /trade/participant/{id}/events: the server-sent events of the participant's trading post (new
 * notifications and offers). An EventSource cannot send the bearer header, so the token rides in the
 * query. Null where the browser has no EventSource (the saga then polls).
 */
export function openTradeEvents(participantId: number, branch: Branch): EventSource | null {
  if (typeof EventSource === 'undefined') return null;
  const token = readAuthToken()?.access_token;
  return new EventSource(apiUrl(`/trade/participant/${participantId}/events`, { branch, access_token: token }));
}
