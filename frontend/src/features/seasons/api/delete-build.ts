import { apiClient } from '@/lib/api-client';

/** DELETE /season/build/{id} (owner only). */
export function deleteBuild(buildId: number): Promise<unknown> {
  return apiClient.delete(`/season/build/${buildId}`);
}
