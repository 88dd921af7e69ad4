import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';

/** GET /file/game-data/languages: what the contracts' GameDataLanguages schema describes. */
export interface GameDataLanguages {
  /** Language codes ('en', 'de', …), English first. */
  languages: string[];
}

/**
 * GET /file/game-data/languages?branch=: the languages the branch's published game data names things in.
 * The menu falls back to English on its own, so a failure shows no Error modal.
 */
export function getGameDataLanguages(branch: Branch): Promise<GameDataLanguages> {
  return apiClient.get<GameDataLanguages>('/file/game-data/languages', { query: { branch }, showError: false });
}
