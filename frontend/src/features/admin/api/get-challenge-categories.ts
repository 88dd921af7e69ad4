import { apiClient } from '@/lib/api-client';
import type { ChallengeCategory } from './admin-types';

/** GET /admin/challenge-categories. */
export function getChallengeCategories(): Promise<ChallengeCategory[]> {
  return apiClient.get<ChallengeCategory[]>('/admin/challenge-categories');
}
