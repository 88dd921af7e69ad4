import { apiClient } from '@/lib/api-client';
import type { CharacterFile } from './admin-types';

/** GET one raw stored file (player.gdc, quests.gdd, … or a participant-level file) as a blob. */
export function getCharacterFileBlob(participantId: string, file: CharacterFile): Promise<Blob> {
  const base = `/file/participants/${encodeURIComponent(participantId)}`;
  const path = file.character
    ? `${base}/characters/${encodeURIComponent(file.character)}/files/${encodeURIComponent(file.file)}`
    : `${base}/files/${encodeURIComponent(file.file)}`;
  return apiClient.get<Blob>(path, { responseType: 'blob', query: { difficulty: file.difficulty ?? undefined } });
}

/** GET /file/participants/{id}/characters/{character}/folder: the character's folder as a zip. */
export function getCharacterFolderBlob(participantId: string, character: string): Promise<Blob> {
  return apiClient.get<Blob>(
    `/file/participants/${encodeURIComponent(participantId)}/characters/${encodeURIComponent(character)}/folder`,
    { responseType: 'blob' },
  );
}
