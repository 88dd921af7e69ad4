import { apiClient } from '@/lib/api-client';
import type { Branch } from './admin-types';

/** GET /file/{name}?branch=: a fresh download URL for one file of the branch. */
export function getAdminFileDownload(fileName: string, branch: Branch): Promise<{ downloadUrl: string }> {
  return apiClient.get<{ downloadUrl: string }>(`/file/${encodeURIComponent(fileName)}`, { query: { branch } });
}
