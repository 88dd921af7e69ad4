import { apiClient } from '@/lib/api-client';
import type { SuspectedDuplicate } from './admin-types';

/** POST /admin/duplicates/{id}/release: a chance collision, the held copy becomes a normal item. */
export function postReleaseDuplicate(participantItemId: number): Promise<SuspectedDuplicate> {
  return apiClient.post<SuspectedDuplicate>(`/admin/duplicates/${participantItemId}/release`);
}
