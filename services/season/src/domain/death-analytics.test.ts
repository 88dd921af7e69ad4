import { levelBandOf, shapeAnalytics } from './death-analytics';

describe('death analytics shaping (pure)', () => {
  it('puts levels into the bands 1–49, 50–74, 75–94, 95–100 (below 1 first, above 100 last)', () => {
    expect([0, 1, 49, 50, 74, 75, 94, 95, 100, 250].map(levelBandOf)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 3]);
  });

  it('ranks killers with shared ranks for ties, fills every band and difficulty, and names a class-less character', () => {
    const shaped = shapeAnalytics(19, {
      killers: [
        { tag: 'b', killedBy: 'Beast', deaths: 2 },
        { tag: 'c', killedBy: 'Crab', deaths: 1 },
        { tag: 'a', killedBy: 'Abomination', deaths: 2 },
      ],
      bandsByDifficulty: [
        { band: 0, difficulty: 0, deaths: 3 },
        { band: 3, difficulty: 2, deaths: 2 },
      ],
      classes: [
        { className: '', deaths: 1, tag: 'c', killedBy: 'Crab', killerDeaths: 1 },
        { className: 'Soldier', deaths: 4, tag: 'a', killedBy: 'Abomination', killerDeaths: 2 },
      ],
    });
    expect(shaped.totalDeaths).toBe(5);
    expect(shaped.killers.map((k) => [k.rank, k.killedBy])).toEqual([
      [1, 'Abomination'],
      [1, 'Beast'],
      [3, 'Crab'],
    ]);
    expect(shaped.levelBands.map((b) => b.deaths)).toEqual([3, 0, 0, 2]);
    expect(shaped.levelBands[3]!.byDifficulty).toEqual([
      { difficulty: 'Normal', deaths: 0 },
      { difficulty: 'Elite', deaths: 0 },
      { difficulty: 'Ultimate', deaths: 2 },
    ]);
    expect(shaped.difficulties.map((d) => d.deaths)).toEqual([3, 0, 2]);
    expect(shaped.classes.map((c) => [c.className, c.deadliestKiller.killedBy])).toEqual([
      ['Soldier', 'Abomination'],
      ['No mastery', 'Crab'],
    ]);
  });
});
