import { ApiError, apiClient } from '@/lib/api-client';
import type { CharacterData, CharacterSummary, KilledByRow } from './admin-types';

/**
 * GET /season/participant/{id}/character-data: the participant's characters and who killed them.
 * The season service does not serve this call yet (the launcher issue brings the data); a 404 or 501
 * reads as "no data", which the page shows as its empty state instead of the Error modal.
 */
export async function getCharacterData(participantId: string): Promise<CharacterData> {
  let body: unknown;
  try {
    body = await apiClient.get<unknown>(`/season/participant/${encodeURIComponent(participantId)}/character-data`, {
      showError: false,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 501)) {
      return { characters: [], killedBy: [] };
    }
    throw error;
  }
  if (Array.isArray(body)) return { characters: body as CharacterSummary[], killedBy: [] };
  const data = (body ?? {}) as Partial<CharacterData>;
  return {
    characters: Array.isArray(data.characters) ? data.characters : [],
    killedBy: Array.isArray(data.killedBy) ? (data.killedBy as KilledByRow[]) : [],
  };
}
