import { apiClient } from '@/lib/api-client';
import type { Screenshot } from './season-types';

/** GET /season/participant/{id}/screenshots. */
export async function getParticipantScreenshots(participantId: number): Promise<Screenshot[]> {
  return (await apiClient.get<Screenshot[]>(`/season/participant/${participantId}/screenshots`)) ?? [];
}
