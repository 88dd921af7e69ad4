import { apiClient } from '@/lib/api-client';
import type { Encounter } from './admin-types';

/** GET /season/encounters?includeInactive=true. */
export function getAdminEncounters(): Promise<Encounter[]> {
  return apiClient.get<Encounter[]>('/season/encounters', { query: { includeInactive: true } });
}
