import type { FileList, Region } from '@league/contracts';
import { apiClient } from '@/lib/api-client';
import { readBranch } from '@/lib/branch';

/** GET /file/filenames?v=v1: the served mod files and launcher of the branch, with URLs for the region. */
export function getFileNames(region: Region): Promise<FileList> {
  return apiClient.get<FileList>('/file/filenames', { query: { v: 'v1', branch: readBranch(), region } });
}
