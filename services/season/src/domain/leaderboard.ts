import type { AuthUser } from '@league/platform';
import type { SeasonDoc, StandingDoc } from '../data/models';
import type { SeasonContext } from './context';
import { assertSeasonVisible, findSeason } from './seasons';

interface Cached {
  version: number;
  body: Buffer;
}

/**
 * The leaderboard is the standings read model in rank order, serialised once per ladder version: a
 * request costs one small read of the season (its ladderVersion) and, when nothing moved, a cached body.
 * Every instance compares the stored version, so a change made by another instance's consumer is seen
 * on the next request.
 */
export class LeaderboardCache {
  private readonly cache = new Map<number, Cached>();
  private readonly building = new Map<number, Promise<Cached>>();

  constructor(private readonly ctx: SeasonContext) {}

  /** The JSON body `{ leaderboardEntries: [...] }` for a season. */
  async body(seasonId: number, user: AuthUser | undefined): Promise<Buffer> {
    const season = await findSeason(this.ctx, seasonId);
    assertSeasonVisible(season, user);
    const hit = this.cache.get(seasonId);
    if (hit && hit.version === season.ladderVersion) return hit.body;
    return (await this.build(season)).body;
  }

  private build(season: SeasonDoc): Promise<Cached> {
    const running = this.building.get(season._id);
    if (running) return running;
    const job = (async () => {
      const rows = await this.ctx.models.Standing.find(
        { seasonId: season._id, rank: { $ne: null } },
        { username: 1, points: 1, twitchUrl: 1, youtubeUrl: 1, rank: 1, classesPlayed: 1 },
      )
        .sort({ rank: 1 })
        .lean<StandingDoc[]>();
      const leaderboardEntries = rows.map((r) => ({
        seasonParticipantId: r._id,
        username: r.username,
        points: r.points,
        twitchUrl: r.twitchUrl ?? null,
        youtubeUrl: r.youtubeUrl ?? null,
        rank: r.rank!,
        classesPlayed: r.classesPlayed ?? [],
      }));
      const cached = { version: season.ladderVersion, body: Buffer.from(JSON.stringify({ leaderboardEntries })) };
      const current = this.cache.get(season._id);
      if (!current || current.version <= cached.version) this.cache.set(season._id, cached);
      return cached;
    })().finally(() => this.building.delete(season._id));
    this.building.set(season._id, job);
    return job;
  }
}
