import { apiClient, apiRequest } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { SavedSearch, SavedSearchRequest } from './trade-types';

const base = (participantId: number) => `/trade/participant/${participantId}/saved-searches`;

/**
 * GET /trade/participant/{id}/saved-searches: the participant's searches with their new-match counts. A
 * failure is shown in the trading post's saved searches panel, not in the Error modal.
 */
export function getSavedSearches(participantId: number, branch: Branch): Promise<SavedSearch[]> {
  return apiClient.get<SavedSearch[]>(base(participantId), { query: { branch }, showError: false });
}

/** POST /trade/participant/{id}/saved-searches (at most 20; the 409's message is shown by the caller). */
export function postSavedSearch(participantId: number, body: SavedSearchRequest, branch: Branch): Promise<SavedSearch> {
  return apiClient.post<SavedSearch>(base(participantId), body, { query: { branch }, showError: false });
}

/** PATCH /trade/participant/{id}/saved-searches/{searchId} {paused}. */
export function patchSavedSearch(
  participantId: number,
  savedSearchId: number,
  paused: boolean,
  branch: Branch,
): Promise<SavedSearch> {
  return apiRequest<SavedSearch>(`${base(participantId)}/${savedSearchId}`, {
    method: 'PATCH',
    body: { paused },
    query: { branch },
  });
}

/** POST /trade/participant/{id}/saved-searches/{searchId}/run: its new-match count starts again. */
export function postRunSavedSearch(participantId: number, savedSearchId: number, branch: Branch): Promise<SavedSearch> {
  return apiClient.post<SavedSearch>(`${base(participantId)}/${savedSearchId}/run`, undefined, { query: { branch } });
}

/** DELETE /trade/participant/{id}/saved-searches/{searchId}. */
export function deleteSavedSearch(participantId: number, savedSearchId: number, branch: Branch): Promise<unknown> {
  return apiClient.delete(`${base(participantId)}/${savedSearchId}`, { query: { branch } });
}
