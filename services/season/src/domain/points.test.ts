import { challengePoints, summarisePoints, type ChallengeRule } from './points';
import { rankLadder } from './ranking';

const rule = (over: Partial<ChallengeRule>): ChallengeRule => ({
  seasonChallengeId: 1,
  challengeTypeId: 1,
  pointValue: 10,
  maxLevel: 100,
  scalingThreshold: null,
  isTiebreaker: false,
  ...over,
});

describe('challenge points', () => {
  it('when a Single challenge is done once or many times, then it pays its value once; not done pays 0', () => {
    const single = rule({ challengeTypeId: 1, pointValue: 25 });
    expect(challengePoints(single, { quantity: 0, level: 50 })).toBe(0);
    expect(challengePoints(single, { quantity: 1, level: 50 })).toBe(25);
    expect(challengePoints(single, { quantity: 7, level: 100 })).toBe(25);
  });

  it('when a Level Based challenge is done above its max level, then it pays nothing; at or below, its value', () => {
    const lvl = rule({ challengeTypeId: 2, pointValue: 40, maxLevel: 50 });
    expect(challengePoints(lvl, { quantity: 1, level: 51 })).toBe(0);
    expect(challengePoints(lvl, { quantity: 1, level: 50 })).toBe(40);
    expect(challengePoints(lvl, { quantity: 1, level: 12 })).toBe(40);
    expect(challengePoints(lvl, { quantity: 1, level: null })).toBe(40);
  });

  it('when an Inverse Level Based challenge is done lower, then it pays one more point per level under the cap', () => {
    const inv = rule({ challengeTypeId: 3, pointValue: 30, maxLevel: 60 });
    expect(challengePoints(inv, { quantity: 1, level: 61 })).toBe(0);
    expect(challengePoints(inv, { quantity: 1, level: 60 })).toBe(30);
    expect(challengePoints(inv, { quantity: 1, level: 45 })).toBe(45);
    expect(challengePoints(inv, { quantity: 0, level: 1 })).toBe(0);
  });

  it('when a Scaling challenge is repeated, then it pays per quantity up to the threshold', () => {
    const scaling = rule({ challengeTypeId: 4, pointValue: 5, scalingThreshold: 10 });
    expect(challengePoints(scaling, { quantity: 3, level: null })).toBe(15);
    expect(challengePoints(scaling, { quantity: 10, level: null })).toBe(50);
    expect(challengePoints(scaling, { quantity: 250, level: null })).toBe(50);
  });

  it('when totals are summarised, then tiebreakers count in both sums and the time is the last paying completion', () => {
    const rules = [rule({ seasonChallengeId: 1 }), rule({ seasonChallengeId: 2, pointValue: 3, isTiebreaker: true })];
    const joined = new Date('2024-10-20T00:00:00Z');
    const sum = summarisePoints(
      rules,
      [
        { seasonChallengeId: 1, quantity: 1, level: null, completedAt: new Date('2024-10-21T00:00:00Z') },
        { seasonChallengeId: 2, quantity: 1, level: null, completedAt: new Date('2024-10-22T00:00:00Z') },
        { seasonChallengeId: 99, quantity: 1, level: null, completedAt: new Date('2024-12-01T00:00:00Z') },
      ],
      joined,
    );
    expect(sum).toEqual({ points: 13, tiebreakerPoints: 3, reachedAt: new Date('2024-10-22T00:00:00Z') });
    expect(summarisePoints(rules, [], joined)).toEqual({ points: 0, tiebreakerPoints: 0, reachedAt: joined });
  });
});

describe('ranking a ladder', () => {
  const at = (d: number) => new Date(Date.UTC(2024, 10, d));

  it('when points differ, then more points rank higher', () => {
    const ranked = rankLadder([
      { seasonParticipantId: 1, points: 10, tiebreakerPoints: 0, reachedAt: at(1) },
      { seasonParticipantId: 2, points: 30, tiebreakerPoints: 0, reachedAt: at(5) },
    ]);
    expect(ranked.map((r) => [r.seasonParticipantId, r.rank])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('when points tie, then Tiebreakers points decide, then the earlier time, then the earlier participant', () => {
    const ranked = rankLadder([
      { seasonParticipantId: 1, points: 50, tiebreakerPoints: 5, reachedAt: at(9) },
      { seasonParticipantId: 2, points: 50, tiebreakerPoints: 10, reachedAt: at(9) },
      { seasonParticipantId: 3, points: 50, tiebreakerPoints: 5, reachedAt: at(3) },
      { seasonParticipantId: 5, points: 50, tiebreakerPoints: 5, reachedAt: at(9) },
      { seasonParticipantId: 4, points: 60, tiebreakerPoints: 0, reachedAt: at(20) },
    ]);
    expect(ranked.map((r) => r.seasonParticipantId)).toEqual([4, 2, 3, 1, 5]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
  });
});
