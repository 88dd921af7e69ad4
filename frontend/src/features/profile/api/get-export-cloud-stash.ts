import { apiClient } from '@/lib/api-client';

/** GET /season/season-participant/{id}/export-cloud-stash: the stash as an Item Assistant file. */
export function getExportCloudStash(participantId: number): Promise<Blob> {
  return apiClient.get<Blob>(`/season/season-participant/${participantId}/export-cloud-stash`, {
    responseType: 'blob',
  });
}
