import type { SeasonDoc } from '../data/models';
import { underLock, type SeasonContext } from './context';
import { PromiseMemo } from './memo';

export interface ParticipantRow {
  seasonParticipantId: number;
  seasonId: number;
  username: string;
  joinedOn: string;
}

type Part = 'challenges' | 'participants';

interface Entry {
  version: number;
  parts: PromiseMemo<Part, unknown>;
}

/**
 * The parts of the public season views that are not the season document itself — its challenges with
 * their category names, and who joined — cached per season and the season's stored `viewVersion`.
 *
 * Every writer of those parts bumps `viewVersion` under the season's lock after its write
 * (`bumpSeasonView`), and every request reads the season documents first (it needs them anyway for the
 * season fields and status), so a request never gets parts older than the version it read: a write that
 * finished before the request started is always seen, by this instance and by every other one. A read that
 * raced a write may cache parts newer than their version; the next bump replaces them.
 */
export class SeasonViewCache {
  private readonly entries = new Map<number, Entry>();

  /** The part of a season at the version just read from its document; `load` reads it when not cached. */
  get<T>(season: SeasonDoc, part: Part, load: () => Promise<T>): Promise<T> {
    const version = season.viewVersion ?? 0;
    let entry = this.entries.get(season._id);
    if (!entry || entry.version < version) {
      entry = { version, parts: new PromiseMemo() };
      this.entries.set(season._id, entry);
    } else if (entry.version > version) {
      // A request that read the season before a newer version was cached: read, do not cache.
      return load();
    }
    return entry.parts.get(part, load);
  }
}

/** After a change of a season's challenges, categories or participants: every instance's views re-read them. */
export async function bumpSeasonView(ctx: SeasonContext, seasonId: number): Promise<void> {
  await underLock(ctx, 'seasons', seasonId, () =>
    ctx.models.Season.updateOne({ _id: seasonId }, { $inc: { viewVersion: 1 } }),
  );
  await ctx.seasons?.changed();
}
