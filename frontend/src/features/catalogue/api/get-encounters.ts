import type { Encounter } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/encounters: the revealed encounters. */
export function getEncounters(): Promise<Encounter[]> {
  return apiClient.get<Encounter[]>('/season/encounters');
}
