import type { AuthUser } from '@league/platform';
import type { SeasonDoc, StandingDoc } from '../data/models';
import type { SeasonContext } from './context';
import { rankLadder } from './ranking';
import { assertSeasonVisible, findSeason } from './seasons';

interface Ladder {
  version: number;
  body: Buffer;
  ranks: Map<number, { rank: number; points: number }>;
  size: number;
}

/** How long a cached ladder is served before its stored version is checked again. */
const RECHECK_MS = 200;

/**
 * The leaderboard is the standings read model ranked (domain/ranking.ts) and serialised once per ladder
 * version. This process drops a ladder as soon as it changes it; changes made by another instance are
 * seen once the stored version is re-read, at most RECHECK_MS later. So a request costs, at most, one
 * small read of the season document, and usually nothing but sending a ready body.
 */
export class LeaderboardCache {
  private readonly ladders = new Map<number, Ladder & { checkedAt: number; season: SeasonDoc }>();
  private readonly pending = new Map<number, Promise<Ladder & { checkedAt: number; season: SeasonDoc }>>();

  constructor(private readonly ctx: SeasonContext) {}

  invalidate(seasonId: number): void {
    this.ladders.delete(seasonId);
  }

  /** The JSON body `{ leaderboardEntries: [...] }` for a season. */
  async body(seasonId: number, user: AuthUser | undefined): Promise<Buffer> {
    const ladder = await this.ladder(seasonId);
    assertSeasonVisible(ladder.season, user);
    return ladder.body;
  }

  /** A participant's rank and total as the current ladder has them, if ranked. */
  async standingOf(seasonId: number, participantId: number) {
    const ladder = await this.ladder(seasonId);
    return { found: ladder.ranks.get(participantId), size: ladder.size };
  }

  private async ladder(seasonId: number) {
    const hit = this.ladders.get(seasonId);
    if (hit && Date.now() - hit.checkedAt < RECHECK_MS) return hit;
    const running = this.pending.get(seasonId);
    if (running) return running;
    const job = this.refresh(seasonId, hit).finally(() => this.pending.delete(seasonId));
    this.pending.set(seasonId, job);
    return job;
  }

  private async refresh(seasonId: number, hit: (Ladder & { checkedAt: number; season: SeasonDoc }) | undefined) {
    const season = await findSeason(this.ctx, seasonId);
    if (hit && hit.version === season.ladderVersion) {
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
    const ladder = {
      version: season.ladderVersion,
      season,
      checkedAt: Date.now(),
      body: Buffer.from(JSON.stringify({ leaderboardEntries })),
      ranks: new Map(ranked.map((r) => [r._id, { rank: r.rank, points: r.points }])),
      size: ranked.length,
    };
    // An invalidation that raced this build wins: do not cache what may already be old.
    const current = this.ladders.get(seasonId);
    if (!current || current.version <= ladder.version) this.ladders.set(seasonId, ladder);
    return ladder;
  }
}
