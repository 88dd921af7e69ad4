import type { ModFile, Region } from '@league/contracts';
import { apiClient } from '@/lib/api-client';
import { readBranch } from '@/lib/branch';

/** GET /file/preload: the mod files to download before the season starts (core files left out). */
export function getPreloadFiles(region: Region = 'us'): Promise<ModFile[]> {
  return apiClient.get<ModFile[]>('/file/preload', { query: { branch: readBranch(), region } });
}
