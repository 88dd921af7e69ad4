import { apiClient } from '@/lib/api-client';
import type { CharacterFile } from './admin-types';

/** GET /file/participants/{id}/character-files: the stored raw files with their MD5. */
export function getCharacterFiles(participantId: string): Promise<CharacterFile[]> {
  return apiClient.get<CharacterFile[]>(`/file/participants/${encodeURIComponent(participantId)}/character-files`);
}
