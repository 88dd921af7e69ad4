import type { LeaderboardEntry } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/{id}/leaderboard; the answer wraps the rows in leaderboardEntries. */
export async function getLeaderboard(seasonId: number): Promise<LeaderboardEntry[]> {
  const answer = await apiClient.get<{ leaderboardEntries?: LeaderboardEntry[] }>(`/season/${seasonId}/leaderboard`);
  return answer?.leaderboardEntries ?? [];
}
