import { TokenSnapshot, type ChangeToken, type Logger } from '@league/platform';
import type { SeasonDoc } from '../data/models';

interface Snapshot {
  docs: readonly SeasonDoc[];
  byId: ReadonlyMap<number, SeasonDoc>;
}

/**
 * Every season document (a dozen), held in this process under a change token kept in Redis (the platform's
 * TokenSnapshot, as the catalogue's): each use reads the token first (a Redis GET instead of a database
 * query) and reads the documents again only when the token changed, so it never returns documents older than
 * a write that finished before it started, made by this instance or another: every writer of a season
 * document replaces the token once its write is done (`changed`). Reads that saw the same new token share
 * one read of the documents.
 *
 * The documents are frozen: they are shared by every request.
 */
export class SeasonDirectory {
  private readonly snapshot: TokenSnapshot<Snapshot>;

  /**
   * `token`: the seasons' change token (`redisChangeToken(redis, database, 'seasons')`); `readAll`: every
   * season document, without its outbox.
   */
  constructor(token: ChangeToken, readAll: () => Promise<SeasonDoc[]>, logger: Logger) {
    this.snapshot = new TokenSnapshot(token, async () => snapshotOf(await readAll()), logger, 'season directory');
  }

  async all(): Promise<readonly SeasonDoc[]> {
    return (await this.snapshot.get()).docs;
  }

  async byId(seasonId: number): Promise<SeasonDoc | undefined> {
    return (await this.snapshot.get()).byId.get(seasonId);
  }

  /** After this process wrote a season document (its write has finished). */
  changed(): Promise<void> {
    return this.snapshot.changed();
  }
}

function snapshotOf(docs: SeasonDoc[]): Snapshot {
  const frozen = docs.map((d) => Object.freeze(d));
  return { docs: Object.freeze(frozen), byId: new Map(frozen.map((d) => [d._id, d])) };
}
