import type { GameNames } from '@league/gamefiles';
import {
  aggregateKey,
  type GameData,
  type AuthUser,
  type LockOptions,
  type Locks,
  type Logger,
  type OutboxDocument,
  type Sequences,
} from '@league/platform';
import type { SeasonTokens } from '../data/change-tokens';
import type { RankIndex } from '../data/rank-index';
import type { SeasonModels } from '../data/models';
import type { SeasonDirectory } from './season-directory';
import type { SeasonViewCache } from './season-views';

/** What the use cases need from the outside world: the models, a logger, and a nudge for the outbox relay. */
export interface SeasonContext {
  models: SeasonModels;
  logger: Logger;
  /**
   * Asks the outbox relay to publish soon (after a use case wrote an entry): the written document alone
   * when named (read by _id), else a sweep of every model.
   */
  publishSoon: (written?: OutboxDocument) => void;
  now: () => Date;
  /** Told when this process changed a ladder, so its cached leaderboard is dropped at once. */
  ladderChanged: (seasonId: number) => void;
  /**
   * Per-document locks. FerretDB does not isolate concurrent updates of one document: two `$inc`s of a
   * ladder version can collapse into one (a cached leaderboard then never sees the second change), and a
   * guarded write can race the outbox relay's `$pull`. Writes to a season or participant document that
   * carry a guard, a counter or an outbox entry go through `underLock`.
   */
  locks?: Locks;
  /** Challenges and participants of the public season views, per season version (none: always read). */
  views?: SeasonViewCache;
  /** Every season document under a change token (none: read them each time); see season-directory.ts. */
  seasons?: SeasonDirectory;
  /** The seasons' ladder and view tokens and the stashes' tokens (data/change-tokens.ts); none: no such caches. */
  tokens?: SeasonTokens;
  /** Each season's ranks in Redis: the rank a projection announces. */
  ranks: RankIndex;
  /** Numeric id sequences in Redis (nextId); without them ids come from the counter documents under the lock. */
  sequences?: Sequences;
  /** The published game data of each branch (names of items, affixes and creatures); none: names from the tables. */
  gameData?: GameData<GameNames>;
}

export function underLock<T>(
  ctx: SeasonContext,
  collection: string,
  id: number | string,
  fn: () => Promise<T>,
  opts?: LockOptions,
): Promise<T> {
  return ctx.locks ? ctx.locks.withLock(aggregateKey(collection, id), fn, opts) : fn();
}

export type Branch = 'prod' | 'beta';

/** Beta is for testers and admins; everyone else is on prod whatever they ask (as the launcher does). */
export function effectiveBranch(asked: Branch | undefined, user: AuthUser | undefined): Branch {
  if (asked === 'beta' && user && (user.roles.includes('tester') || user.roles.includes('admin'))) return 'beta';
  return 'prod';
}

export const usernameKey = (username: string) => username.trim().toLowerCase();
