import { apiClient } from '@/lib/api-client';
import type { AdminFileList, Branch } from './admin-types';

/** GET /file/filenames?v=v1&branch=: the branch's mod files and launcher file. */
export function getAdminFiles(branch: Branch): Promise<AdminFileList> {
  return apiClient.get<AdminFileList>('/file/filenames', { query: { v: 'v1', branch } });
}
