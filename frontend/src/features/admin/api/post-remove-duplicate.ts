import { apiClient } from '@/lib/api-client';
import type { SuspectedDuplicate } from './admin-types';

/** POST /admin/duplicates/{id}/remove: the held copy is deleted and its owner notified. */
export function postRemoveDuplicate(participantItemId: number): Promise<SuspectedDuplicate> {
  return apiClient.post<SuspectedDuplicate>(`/admin/duplicates/${participantItemId}/remove`);
}
