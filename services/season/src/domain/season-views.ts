import type { SeasonContext } from './context';
import { PromiseMemo } from './memo';

export interface ParticipantRow {
  seasonParticipantId: number;
  seasonId: number;
  username: string;
  joinedOn: string;
}

type Part = 'challenges' | 'participants';

interface Entry {
  version: string;
  parts: PromiseMemo<Part, unknown>;
}

/**
 * The parts of the public season views that are not the season document itself — its challenges with
 * their category names, and who joined — cached per season and version: the season document's stored
 * `viewVersion` (bumped by the seeds) with the season's view token (data/change-tokens.ts).
 *
 * Every writer of those parts replaces the view token after its write (`bumpSeasonView`), and every request
 * reads the version first, so a request never gets parts older than the version it read: a write that
 * finished before the request started is always seen, by this instance and by every other one. A read that
 * raced a write may cache parts newer than their version; the next change replaces them. A request that read
 * an older version than the one cached reads again and replaces the entry (tokens have no order), and the
 * next request of the newer version does the same: one extra read, never an old part.
 */
export class SeasonViewCache {
  private readonly entries = new Map<number, Entry>();

  /** The part of a season at the version just read; `load` reads it when not cached. */
  get<T>(seasonId: number, version: string, part: Part, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(seasonId);
    if (!entry || entry.version !== version) {
      entry = { version, parts: new PromiseMemo() };
      this.entries.set(seasonId, entry);
    }
    return entry.parts.get(part, load);
  }
}

/** After a change of a season's challenges, categories or participants: every instance's views re-read them. */
export async function bumpSeasonView(ctx: SeasonContext, seasonId: number): Promise<void> {
  await ctx.tokens?.view(seasonId).replace();
}
