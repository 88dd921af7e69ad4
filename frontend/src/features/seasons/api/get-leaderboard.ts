import type { LeaderboardEntry } from '@league/contracts';
import { apiClient, prefetch } from '@/lib/api-client';

const leaderboardPath = (seasonId: number) => `/season/${seasonId}/leaderboard`;

/** GET /season/{id}/leaderboard; the answer wraps the rows in leaderboardEntries. */
export async function getLeaderboard(seasonId: number): Promise<LeaderboardEntry[]> {
  const answer = await apiClient.get<{ leaderboardEntries?: LeaderboardEntry[] }>(leaderboardPath(seasonId));
  return answer?.leaderboardEntries ?? [];
}

/** Asks for a season's leaderboard before the page that shows it has loaded (src/early.ts). */
export function prefetchLeaderboard(seasonId: number): void {
  prefetch(leaderboardPath(seasonId));
}
