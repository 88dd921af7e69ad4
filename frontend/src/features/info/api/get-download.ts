import type { Region } from '@league/contracts';
import { apiClient } from '@/lib/api-client';
import { readBranch } from '@/lib/branch';

/** GET /file/launcher?region=&branch=: a download URL for the launcher. */
export function getLauncherDownload(region: Region): Promise<{ downloadUrl: string }> {
  return apiClient.get<{ downloadUrl: string }>('/file/launcher', { query: { region, branch: readBranch() } });
}

/** GET /file/{name}?region=&branch=: a download URL for one mod file. */
export function getFileDownload(fileName: string, region: Region): Promise<{ downloadUrl: string }> {
  return apiClient.get<{ downloadUrl: string }>(`/file/${encodeURIComponent(fileName)}`, {
    query: { region, branch: readBranch() },
  });
}
