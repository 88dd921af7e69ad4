/** The game's difficulties, in order. */
export type Difficulty = 'Normal' | 'Elite' | 'Ultimate';

export interface DifficultyCount {
  difficulty: Difficulty;
  deaths: number;
}

/** GET /season/{id}/death-analytics (the season service's DeathAnalytics). */
export interface DeathAnalytics {
  seasonId: number;
  totalDeaths: number;
  /** Most deaths first; tied killers share a rank. */
  killers: Array<{ rank: number; tag: string; killedBy: string; deaths: number }>;
  /** 1–49, 50–74, 75–94, 95–100, each with its deaths per difficulty. */
  levelBands: Array<{
    band: string;
    minLevel: number;
    maxLevel: number;
    deaths: number;
    byDifficulty: DifficultyCount[];
  }>;
  difficulties: DifficultyCount[];
  /** Most deaths first, each with the killer that took most of its characters. */
  classes: Array<{
    className: string;
    deaths: number;
    deadliestKiller: { tag: string; killedBy: string; deaths: number };
  }>;
}
