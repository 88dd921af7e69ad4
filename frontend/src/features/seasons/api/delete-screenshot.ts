import { apiClient } from '@/lib/api-client';

/** DELETE /season/screenshot/{id} (owner only). */
export function deleteScreenshot(screenshotId: number): Promise<unknown> {
  return apiClient.delete(`/season/screenshot/${screenshotId}`);
}
