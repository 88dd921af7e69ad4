import { z } from '@league/contracts';
import { AppError, type AuthUser } from '@league/platform';
import type { SeasonContext } from './context';
import { compareNames, killerName, namingFor, type Naming } from './game-names';
import { assertSeasonVisible, findSeason } from './seasons';

/** The level bands of the analytics. A level under 1 counts in the first band, over 100 in the last. */
export const LEVEL_BANDS = [
  { band: '1–49', minLevel: 1, maxLevel: 49 },
  { band: '50–74', minLevel: 50, maxLevel: 74 },
  { band: '75–94', minLevel: 75, maxLevel: 94 },
  { band: '95–100', minLevel: 95, maxLevel: 100 },
] as const;

/** The game's difficulties by their saved number (info block, low nibble): 0 Normal, 1 Elite, 2 Ultimate. */
export const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'] as const;

/** The index of the band a level at death falls into (stored on the death row, grouped on by the database). */
export function levelBandOf(level: number): number {
  const i = LEVEL_BANDS.findIndex((b) => level <= b.maxLevel);
  return i === -1 ? LEVEL_BANDS.length - 1 : i;
}

/** A character without a mastery (a new character) has the empty class name in its save. */
export const NO_CLASS = 'No mastery';

/** What the database's aggregation hands back (data/death-analytics.ts); grouped counts only. */
export interface DeathAggregates {
  /** Per killer tag, most deaths first. */
  killers: Array<{ tag: string; killedBy: string; deaths: number }>;
  /** Per level band index and difficulty number. */
  bandsByDifficulty: Array<{ band: number; difficulty: number; deaths: number }>;
  /** Per class: its deaths and the killer with the most of them (ties: the name first in order). */
  classes: Array<{ className: string; deaths: number; tag: string; killedBy: string; killerDeaths: number }>;
}

/** The port to the aggregation on the database. */
export interface DeathAggregation {
  aggregate(seasonId: number): Promise<DeathAggregates>;
}

/** A shared cache of a season's analytics, dropped whenever a death of that season is recorded. */
export interface AnalyticsCache {
  read<T>(seasonId: number, compute: () => Promise<T>): Promise<T>;
  invalidate(seasonId: number): Promise<void>;
}

const killerSchema = z.object({
  rank: z.number().int(),
  tag: z.string(),
  killedBy: z.string(),
  deaths: z.number().int(),
});
const difficultyCountSchema = z.object({ difficulty: z.enum(DIFFICULTIES), deaths: z.number().int() });

export const deathAnalyticsSchema = z
  .object({
    seasonId: z.number().int(),
    totalDeaths: z.number().int(),
    killers: z.array(killerSchema),
    levelBands: z.array(
      z.object({
        band: z.string(),
        minLevel: z.number().int(),
        maxLevel: z.number().int(),
        deaths: z.number().int(),
        byDifficulty: z.array(difficultyCountSchema),
      }),
    ),
    difficulties: z.array(difficultyCountSchema),
    classes: z.array(
      z.object({
        className: z.string(),
        deaths: z.number().int(),
        deadliestKiller: z.object({ tag: z.string(), killedBy: z.string(), deaths: z.number().int() }),
      }),
    ),
  })
  .openapi('DeathAnalytics');
export type DeathAnalytics = z.infer<typeof deathAnalyticsSchema>;

export interface DeathAnalyticsContext {
  season: SeasonContext;
  aggregation: DeathAggregation;
  cache: AnalyticsCache;
}

/** Shapes the database's groups into the answer: ranks (ties share one), every band and difficulty listed. */
export function shapeAnalytics(seasonId: number, agg: DeathAggregates): DeathAnalytics {
  const killers = [...agg.killers].sort((a, b) => b.deaths - a.deaths || a.killedBy.localeCompare(b.killedBy));
  let rank = 0;
  const ranked = killers.map((k, i) => {
    if (i === 0 || killers[i - 1]!.deaths !== k.deaths) rank = i + 1;
    return { rank, tag: k.tag, killedBy: k.killedBy, deaths: k.deaths };
  });
  const cell = (band: number, difficulty: number) =>
    agg.bandsByDifficulty
      .filter((r) => r.band === band && r.difficulty === difficulty)
      .reduce((sum, r) => sum + r.deaths, 0);
  const levelBands = LEVEL_BANDS.map((b, band) => {
    const byDifficulty = DIFFICULTIES.map((difficulty, d) => ({ difficulty, deaths: cell(band, d) }));
    return { ...b, deaths: byDifficulty.reduce((s, r) => s + r.deaths, 0), byDifficulty };
  });
  const difficulties = DIFFICULTIES.map((difficulty, d) => ({
    difficulty,
    deaths: levelBands.reduce((s, b) => s + b.byDifficulty[d]!.deaths, 0),
  }));
  const classes = [...agg.classes]
    .sort((a, b) => b.deaths - a.deaths || a.className.localeCompare(b.className))
    .map((c) => ({
      className: c.className || NO_CLASS,
      deaths: c.deaths,
      deadliestKiller: { tag: c.tag, killedBy: c.killedBy, deaths: c.killerDeaths },
    }));
  return {
    seasonId,
    totalDeaths: killers.reduce((s, k) => s + k.deaths, 0),
    killers: ranked,
    levelBands,
    difficulties,
    classes,
  };
}

/**
 * GET /season/{id}/death-analytics: hardcore seasons only (a trade season is 400, an unknown or hidden beta
 * season 404). Served from the cache; a miss runs the aggregation on the database.
 */
export async function deathAnalytics(
  c: DeathAnalyticsContext,
  seasonId: number,
  user: AuthUser | undefined,
  acceptLanguage?: string,
): Promise<DeathAnalytics> {
  const season = await findSeason(c.season, seasonId);
  assertSeasonVisible(season, user);
  if (season.seasonTypeId !== 2) {
    throw AppError.badRequest(`Season ${seasonId} is not a hardcore season: death analytics are for hardcore seasons`);
  }
  const shaped = await c.cache.read(seasonId, async () =>
    shapeAnalytics(seasonId, await c.aggregation.aggregate(seasonId)),
  );
  return nameKillers(shaped, namingFor(c.season, season.isBeta, acceptLanguage));
}

/**
 * The cached analytics carry each killer's tag; the name shown is the game data's in the reader's language
 * (else the name stored with the deaths). Ties in rank are ordered by the shown name.
 */
export function nameKillers(a: DeathAnalytics, naming: Naming): DeathAnalytics {
  const killers = a.killers
    .map((k) => ({ ...k, killedBy: killerName(naming, k.tag, k.killedBy) }))
    .sort((x, y) => x.rank - y.rank || compareNames(x.killedBy, y.killedBy, naming.lang));
  return {
    ...a,
    killers,
    classes: a.classes.map((cl) => ({
      ...cl,
      deadliestKiller: {
        ...cl.deadliestKiller,
        killedBy: killerName(naming, cl.deadliestKiller.tag, cl.deadliestKiller.killedBy),
      },
    })),
  };
}
