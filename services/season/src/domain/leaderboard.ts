import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { AuthUser } from '@league/platform';
import type { SeasonDoc, StandingDoc } from '../data/models';
import type { SeasonContext } from './context';
import { rankLadder } from './ranking';
import { assertSeasonVisible, findSeason, seasonCacheVersion, seasonDoc } from './seasons';

const gzip = promisify(gzipCb);

interface Ladder {
  /** `seasonCacheVersion(…, 'ladder')`: the stored ladderVersion with the season's ladder token. */
  version: string;
  /** This process's order of builds: a build never replaces one that started after it. */
  build: number;
  body: Buffer;
  /** The same body gzipped once per version (10,000 rows: ~1.4 MB → ~0.2 MB). */
  gzipped: Buffer;
  /** Derived from the version, so express never hashes the whole body for an ETag. */
  etag: string;
  ranks: Map<number, { rank: number; points: number }>;
  size: number;
}

/** How long a cached ladder is served before its version is checked again. */
const RECHECK_MS = 200;

/**
 * The leaderboard is the standings read model ranked (domain/ranking.ts) and serialised once per ladder
 * version (`seasonCacheVersion`). When this process changes a ladder the next request starts a rebuild;
 * changes made by another instance are seen once the version is read again in the background, about
 * RECHECK_MS later. Either way a request never waits for the database once a ladder is cached: it sends the
 * ready body it has (possibly one version old while the rebuild runs).
 */
export class LeaderboardCache {
  private readonly ladders = new Map<number, Ladder & { checkedAt: number; season: SeasonDoc }>();
  private readonly pending = new Map<number, Promise<Ladder & { checkedAt: number; season: SeasonDoc }>>();
  private builds = 0;

  constructor(private readonly ctx: SeasonContext) {}

  /** This process changed the ladder: the next request triggers a rebuild (it is still served the old body). */
  invalidate(seasonId: number): void {
    const hit = this.ladders.get(seasonId);
    if (hit) hit.checkedAt = 0;
  }

  /**
   * The JSON body `{ leaderboardEntries: [...] }` for a season, and its ETag. `current`: a reader who must see
   * their own change (a read-your-writes token) gets the ladder of the stored version, not one behind.
   */
  async body(
    seasonId: number,
    user: AuthUser | undefined,
    current = false,
  ): Promise<{ body: Buffer; gzipped: Buffer; etag: string }> {
    const ladder = await this.ladder(seasonId, current);
    assertSeasonVisible(ladder.season, user);
    return ladder;
  }

  /** A participant's rank and total as the current ladder has them, if ranked. */
  async standingOf(seasonId: number, participantId: number, current = false) {
    const ladder = await this.ladder(seasonId, current);
    return { found: ladder.ranks.get(participantId), size: ladder.size };
  }

  private async ladder(seasonId: number, current = false) {
    const hit = this.ladders.get(seasonId);
    if (hit && current) return this.currentLadder(seasonId, hit);
    if (hit) {
      // Serve what we have; past RECHECK_MS, look at the stored version in the background.
      if (Date.now() - hit.checkedAt >= RECHECK_MS && !this.pending.has(seasonId)) {
        this.start(seasonId, hit).catch((err) => this.ctx.logger.warn({ err, seasonId }, 'leaderboard refresh failed'));
      }
      return hit;
    }
    return this.pending.get(seasonId) ?? this.start(seasonId, undefined);
  }

  /**
   * Read-your-writes: the cached ladder when it is of the stored version (one small read), else the rebuild
   * awaited. A write that changed standings answers once the projection bumped the version, so its writer's
   * next read sees the change here, on any instance.
   */
  private async currentLadder(seasonId: number, hit: Ladder & { checkedAt: number; season: SeasonDoc }) {
    const stored = await seasonDoc(this.ctx, seasonId);
    const want = stored ? await seasonCacheVersion(this.ctx, stored, 'ladder') : hit.version;
    let ladder = hit;
    // A rebuild already running may have read the version before the change: at most two more.
    for (let i = 0; i < 3 && ladder.version !== want; i += 1) {
      ladder = await (this.pending.get(seasonId) ?? this.start(seasonId, this.ladders.get(seasonId)));
    }
    return ladder;
  }

  private start(seasonId: number, hit: (Ladder & { checkedAt: number; season: SeasonDoc }) | undefined) {
    const job = this.refresh(seasonId, hit).finally(() => this.pending.delete(seasonId));
    this.pending.set(seasonId, job);
    return job;
  }

  private async refresh(seasonId: number, hit: (Ladder & { checkedAt: number; season: SeasonDoc }) | undefined) {
    const build = (this.builds += 1);
    const season = await findSeason(this.ctx, seasonId);
    // Read before the rows: a change after this read is a new version, and the next check builds again.
    const version = await seasonCacheVersion(this.ctx, season, 'ladder');
    if (hit && hit.version === version) {
      hit.checkedAt = Date.now();
      return hit;
    }
    const rows = await this.ctx.models.Standing.find(
      { seasonId },
      { username: 1, points: 1, tiebreakerPoints: 1, reachedAt: 1, twitchUrl: 1, youtubeUrl: 1, classesPlayed: 1 },
    ).lean<StandingDoc[]>();
    const ranked = rankLadder(rows.map((r) => ({ ...r, seasonParticipantId: r._id })));
    const leaderboardEntries = ranked.map((r) => ({
      seasonParticipantId: r._id,
      username: r.username,
      points: r.points,
      twitchUrl: r.twitchUrl ?? null,
      youtubeUrl: r.youtubeUrl ?? null,
      rank: r.rank,
      classesPlayed: r.classesPlayed ?? [],
    }));
    const body = Buffer.from(JSON.stringify({ leaderboardEntries }));
    const ladder = {
      version,
      build,
      gzipped: await gzip(body, { level: 6 }),
      etag: `W/"ladder-${seasonId}-${version}"`,
      season,
      checkedAt: Date.now(),
      body,
      ranks: new Map(ranked.map((r) => [r._id, { rank: r.rank, points: r.points }])),
      size: ranked.length,
    };
    // An invalidation that raced this build wins: do not cache what may already be old.
    const current = this.ladders.get(seasonId);
    if (!current || current.build <= ladder.build) this.ladders.set(seasonId, ladder);
    return ladder;
  }
}
