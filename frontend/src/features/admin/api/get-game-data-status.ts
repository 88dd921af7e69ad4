import { apiClient } from '@/lib/api-client';
import type { GameDataStatus } from './admin-types';

/**
 * GET /file/game-data (admin): each branch's published game-data set and its last extraction. The Files
 * screen polls it and shows a failure in its panel, so a failure shows no Error modal.
 */
export function getGameDataStatus(): Promise<GameDataStatus> {
  return apiClient.get<GameDataStatus>('/file/game-data', { showError: false });
}
