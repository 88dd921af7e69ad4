import type { ServiceEngines } from '@league/platform';
import type { AnalyticsCache, DeathAggregates, DeathAggregation } from '../domain/death-analytics';
import type { CharacterModels } from './characters';

/**
 * The death analytics as aggregations on `character_deaths`, in the stages and accumulators FerretDB 1.24
 * implements (measured against it): `$match`, `$group` with `$sum`, `$sort`. It has no `$facet`, no `$max`,
 * `$min`, `$first`, `$last` or `$push`, and no `$cond`/`$switch`, so: three pipelines; killers are grouped by
 * tag and name together; the level band is stored on each death row when it is recorded; and the deadliest
 * killer of a class is the first row of that class in the database's sorted (class, killer) groups.
 */
export function mongoDeathAggregation(models: CharacterModels): DeathAggregation {
  const deaths = models.CharacterDeath.collection;
  const run = <T extends object>(pipeline: object[]) => deaths.aggregate<T>(pipeline as never[]).toArray();
  return {
    async aggregate(seasonId: number): Promise<DeathAggregates> {
      const match = { $match: { seasonId } };
      const [killers, bands, classKillers] = await Promise.all([
        run<{ _id: { tag?: string | null; killedBy?: string | null }; deaths: number }>([
          match,
          { $group: { _id: { tag: '$tag', killedBy: '$killedBy' }, deaths: { $sum: 1 } } },
          { $sort: { deaths: -1, '_id.killedBy': 1 } },
        ]),
        run<{ _id: { band?: number | null; difficulty?: number | null }; deaths: number }>([
          match,
          { $group: { _id: { band: '$levelBand', difficulty: '$difficulty' }, deaths: { $sum: 1 } } },
        ]),
        run<{ _id: { className?: string | null; tag?: string | null; killedBy?: string | null }; deaths: number }>([
          match,
          {
            $group: {
              _id: { className: '$className', tag: '$tag', killedBy: '$killedBy' },
              deaths: { $sum: 1 },
            },
          },
          // Within a class: the killer with most deaths first, ties by name.
          { $sort: { '_id.className': 1, deaths: -1, '_id.killedBy': 1 } },
        ]),
      ]);
      // One row per killer tag (a tag named differently over time, after a catalogue edit, is one killer).
      const byTag = new Map<string, DeathAggregates['killers'][number]>();
      for (const k of killers) {
        const tag = k._id.tag ?? '';
        const known = byTag.get(tag);
        if (known) known.deaths += k.deaths;
        else byTag.set(tag, { tag, killedBy: k._id.killedBy ?? '', deaths: k.deaths });
      }
      const classes = new Map<string, DeathAggregates['classes'][number]>();
      for (const row of classKillers) {
        // Rows stored before deaths kept the class have none: they count for their killer only.
        if (row._id.className === null || row._id.className === undefined) continue;
        const className = row._id.className;
        const known = classes.get(className);
        if (known) known.deaths += row.deaths;
        else
          classes.set(className, {
            className,
            deaths: row.deaths,
            tag: row._id.tag ?? '',
            killedBy: row._id.killedBy ?? '',
            killerDeaths: row.deaths,
          });
      }
      return {
        killers: [...byTag.values()],
        bandsByDifficulty: bands
          .filter((b) => typeof b._id.band === 'number' && typeof b._id.difficulty === 'number')
          .map((b) => ({ band: b._id.band!, difficulty: b._id.difficulty!, deaths: b.deaths })),
        classes: [...classes.values()],
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
