import { apiClient } from '@/lib/api-client';
import type { Encounter } from './admin-types';

/** POST /admin/encounter: creates (encounterId 0) or updates an encounter. */
export function postEncounter(encounter: Encounter): Promise<Encounter> {
  return apiClient.post<Encounter>('/admin/encounter', encounter);
}
