import { apiClient } from '@/lib/api-client';
import type { Standing } from './season-types';

/** GET /season/participant/{id}/standing: rank and point total. */
export function getStanding(participantId: number): Promise<Standing> {
  return apiClient.get<Standing>(`/season/participant/${participantId}/standing`);
}
