import type { ServiceEngines } from '@league/platform';
import type { AnalyticsCache, DeathAggregates, DeathAggregation } from '../domain/death-analytics';
import type { CharacterModels } from './characters';

/**
 * The death analytics as aggregations on `character_deaths` (FerretDB 1.24 runs all three: `$match`,
 * `$group` with `$sum` / `$max` / `$first`, `$sort`; it has no `$facet`, so they are three pipelines).
 * The level band is stored on each death row when it is recorded, so no expression operator is needed.
 */
export function mongoDeathAggregation(models: CharacterModels): DeathAggregation {
  const deaths = models.CharacterDeath.collection;
  const run = <T extends object>(pipeline: object[]) => deaths.aggregate<T>(pipeline as never[]).toArray();
  return {
    async aggregate(seasonId: number): Promise<DeathAggregates> {
      const match = { $match: { seasonId } };
      const [killers, bands, classes] = await Promise.all([
        run<{ _id: string; killedBy: string; deaths: number }>([
          match,
          { $group: { _id: '$tag', killedBy: { $max: '$killedBy' }, deaths: { $sum: 1 } } },
        ]),
        run<{ _id: { band: number | null; difficulty: number | null }; deaths: number }>([
          match,
          { $group: { _id: { band: '$levelBand', difficulty: '$difficulty' }, deaths: { $sum: 1 } } },
        ]),
        run<{ _id: string | null; deaths: number; tag: string; killedBy: string; killerDeaths: number }>([
          match,
          {
            $group: {
              _id: { className: '$className', tag: '$tag' },
              killedBy: { $max: '$killedBy' },
              deaths: { $sum: 1 },
            },
          },
          // Within a class the killer with most deaths first (ties: by name), so $first picks the deadliest.
          { $sort: { '_id.className': 1, deaths: -1, killedBy: 1 } },
          {
            $group: {
              _id: '$_id.className',
              deaths: { $sum: '$deaths' },
              tag: { $first: '$_id.tag' },
              killedBy: { $first: '$killedBy' },
              killerDeaths: { $first: '$deaths' },
            },
          },
        ]),
      ]);
      return {
        killers: killers.map((k) => ({ tag: k._id ?? '', killedBy: k.killedBy, deaths: k.deaths })),
        bandsByDifficulty: bands
          .filter((b) => typeof b._id.band === 'number' && typeof b._id.difficulty === 'number')
          .map((b) => ({ band: b._id.band!, difficulty: b._id.difficulty!, deaths: b.deaths })),
        classes: classes.map((c) => ({
          className: c._id ?? '',
          deaths: c.deaths,
          tag: c.tag ?? '',
          killedBy: c.killedBy,
          killerDeaths: c.killerDeaths,
        })),
      };
    },
  };
}

/**
 * The analytics cache in Redis, shared by every instance. Bodies are kept under a per-season version that a
 * recorded death bumps (INCR), so a computation that raced a new death can only fill the old version's key,
 * which nobody reads any more. `namespace` keeps databases apart (tests and the demo share one Redis).
 */
export function redisAnalyticsCache(
  redis: ServiceEngines['redis'],
  namespace: string,
  ttlSeconds = 600,
): AnalyticsCache {
  const versionKey = (seasonId: number) => `${namespace}:death-analytics:${seasonId}:version`;
  const bodyKey = (seasonId: number, version: string) => `${namespace}:death-analytics:${seasonId}:v${version}`;
  return {
    async read<T>(seasonId: number, compute: () => Promise<T>): Promise<T> {
      const version = (await redis.get(versionKey(seasonId))) ?? '0';
      const key = bodyKey(seasonId, version);
      const hit = await redis.get(key);
      if (hit !== null) return JSON.parse(hit) as T;
      const body = await compute();
      await redis.set(key, JSON.stringify(body), 'EX', ttlSeconds);
      return body;
    },
    async invalidate(seasonId: number): Promise<void> {
      await redis.incr(versionKey(seasonId));
    },
  };
}
