import { compareStandings } from '../domain/ranking';
import { memberOf, type RankedRow } from './rank-index';

describe('rank index members', () => {
  it('when rows are ordered by their members, then the order is the ladder order, ties and odd numbers included', () => {
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const at = Date.UTC(2026, 10, 1);
    const rows: RankedRow[] = Array.from({ length: 2_000 }, (_, i) => ({
      _id: i + 1,
      points: pick([0, 0, 5, 50, 50, 70, 1_000_000, -3, 2.5]),
      tiebreakerPoints: pick([0, 0, 5, 10, -1]),
      reachedAt: new Date(at + pick([0, 0, 1, 60_000, -86_400_000])),
    }));
    const asRank = (r: RankedRow) => ({ ...r, seasonParticipantId: r._id });
    const byLadder = [...rows].sort((x, y) => compareStandings(asRank(x), asRank(y))).map((r) => r._id);
    const byMember = [...rows]
      .map((r) => [memberOf(r), r._id] as const)
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      .map(([, id]) => id);
    expect(byMember).toEqual(byLadder);
  });
});
