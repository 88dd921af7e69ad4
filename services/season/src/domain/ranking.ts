/** One row of a ladder as the ranking sees it. */
export interface RankInput {
  seasonParticipantId: number;
  points: number;
  tiebreakerPoints: number;
  reachedAt: Date;
}

/**
 * Orders a ladder: points descending; ties by Tiebreakers points descending, then by who reached the
 * total first; a tie on all three goes to the earlier participant id (the earlier joiner), so every
 * participant has a distinct rank and the order never flickers between reads.
 */
export function compareStandings(a: RankInput, b: RankInput): number {
  return (
    b.points - a.points ||
    b.tiebreakerPoints - a.tiebreakerPoints ||
    a.reachedAt.getTime() - b.reachedAt.getTime() ||
    a.seasonParticipantId - b.seasonParticipantId
  );
}

/** Ranks 1..n in ladder order. */
export function rankLadder<T extends RankInput>(rows: T[]): Array<T & { rank: number }> {
  return [...rows].sort(compareStandings).map((row, i) => ({ ...row, rank: i + 1 }));
}
