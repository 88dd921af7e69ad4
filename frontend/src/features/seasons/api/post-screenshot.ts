import { apiClient } from '@/lib/api-client';
import type { Screenshot } from './season-types';

export type SaveScreenshotBody = Pick<Screenshot, 'participantScreenshotId' | 'seasonParticipantId' | 'screenshotUrl'>;

/** POST /season/screenshot: id 0 adds, any other id changes (owner only). */
export function postScreenshot(body: SaveScreenshotBody): Promise<Screenshot> {
  return apiClient.post<Screenshot>('/season/screenshot', body);
}
