import type { Logger } from '@league/platform';
import type { ChangeToken } from '../data/change-tokens';
import type { SeasonDoc } from '../data/models';

interface Snapshot {
  token: string;
  docs: readonly SeasonDoc[];
  byId: ReadonlyMap<number, SeasonDoc>;
  readAt: number;
}

/**
 * Past this age a snapshot is read again even with an unchanged token: the bound on a write that did not
 * replace the token (a demo seed run from the command line beside running services).
 */
export const SNAPSHOT_MAX_AGE_MS = 5_000;

/**
 * Every season document (a dozen), held in this process under a change token kept in Redis
 * (data/change-tokens.ts, as the catalogue's). Each use reads the token first (a Redis GET instead of a
 * database query) and reads the documents again only when the
 * token changed, so it never returns documents older than a write that finished before it started, made by
 * this instance or another: every writer of a season document replaces the token once its write is done
 * (`changed`). Reads that saw the same new token share one read of the documents.
 *
 * The documents are frozen: they are shared by every request.
 */
export class SeasonDirectory {
  private snapshot?: Snapshot;
  private pending?: { token: string; job: Promise<Snapshot> };

  /**
   * `token`: the seasons' change token (`redisChangeToken(redis, database, 'seasons')`); `readAll`: every
   * season document, without its outbox.
   */
  constructor(
    private readonly token: ChangeToken,
    private readonly readAll: () => Promise<SeasonDoc[]>,
    private readonly logger: Logger,
  ) {}

  async all(): Promise<readonly SeasonDoc[]> {
    return (await this.current()).docs;
  }

  async byId(seasonId: number): Promise<SeasonDoc | undefined> {
    return (await this.current()).byId.get(seasonId);
  }

  /** After this process wrote a season document (its write has finished). */
  async changed(): Promise<void> {
    this.snapshot = undefined;
    try {
      await this.token.replace();
    } catch (err) {
      // Other instances then see the write within SNAPSHOT_MAX_AGE_MS; this one at once (no snapshot).
      this.logger.warn({ err }, 'season directory token not replaced; other instances see the change late');
    }
  }

  private async current(): Promise<Snapshot> {
    let token: string;
    try {
      token = await this.token.current();
    } catch (err) {
      // No token, no proof the snapshot is current: read the documents (and keep nothing).
      this.logger.warn({ err }, 'season directory token unreadable; reading the seasons');
      return snapshotOf('', await this.readAll());
    }
    const held = this.snapshot;
    if (held && held.token === token && Date.now() - held.readAt < SNAPSHOT_MAX_AGE_MS) return held;
    if (this.pending?.token === token) return this.pending.job;
    const job = this.readAll().then((docs) => {
      const fresh = snapshotOf(token, docs);
      // A slower read of an older token must not replace a newer snapshot.
      if (this.pending?.job === job) this.snapshot = fresh;
      return fresh;
    });
    this.pending = { token, job };
    job.then(
      () => this.pending?.job === job && (this.pending = undefined),
      () => this.pending?.job === job && (this.pending = undefined),
    );
    return job;
  }
}

function snapshotOf(token: string, docs: SeasonDoc[]): Snapshot {
  const frozen = docs.map((d) => Object.freeze(d));
  return { token, docs: Object.freeze(frozen), byId: new Map(frozen.map((d) => [d._id, d])), readAt: Date.now() };
}
