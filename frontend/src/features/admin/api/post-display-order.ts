import { apiClient } from '@/lib/api-client';

export interface DisplayOrderEntry {
  seasonChallengeId: number;
  /** 1-based position. */
  displayOrder: number;
}

/** POST /admin/season-challenges/display-order: the positions after a drag. */
export function postDisplayOrder(order: DisplayOrderEntry[]): Promise<unknown> {
  return apiClient.post('/admin/season-challenges/display-order', order);
}
