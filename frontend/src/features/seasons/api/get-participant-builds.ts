import { apiClient } from '@/lib/api-client';
import type { CharacterBuild } from './season-types';

/** GET /season/participant/{id}/builds. */
export async function getParticipantBuilds(participantId: number): Promise<CharacterBuild[]> {
  return (await apiClient.get<CharacterBuild[]>(`/season/participant/${participantId}/builds`)) ?? [];
}
