import { SNAPSHOT_MAX_AGE_MS } from '@league/platform';
import type { StashItemDoc } from '../../data/stash/models';
import { PromiseMemo } from '../memo';
import type { StashContext } from './context';
import { liveItems } from './store';

/** Lists kept at most; past it the cache starts over. */
const MAX_LISTS = 1_000;

/**
 * A participant's live items for the stash list, cached in this process under the participant's stash
 * token (data/change-tokens.ts). Every write of a participant's items replaces the token after writing
 * (store.ts `itemsChanged`), and each read reads the token first (a Redis GET), so a list never misses a
 * write that finished before the read started, made by this instance or another. Without a token (Redis
 * unreachable) the list is read from the store.
 */
export class StashViewCache {
  // Keyed by participant, token and age bucket: a new token is a new key, and old lists go when the memo starts over.
  private readonly memo = new PromiseMemo<string, StashItemDoc[]>(MAX_LISTS);

  async liveItems(ctx: StashContext, participantId: number): Promise<StashItemDoc[]> {
    const tokens = ctx.season.tokens;
    const token = tokens
      ? await tokens
          .stash(participantId)
          .current()
          .catch(() => undefined)
      : undefined;
    if (token === undefined) return liveItems(ctx, participantId);
    // Read again past the season directory's age bound even under the same token: the bound on a change
    // whose token Redis failed to replace.
    const age = Math.floor(Date.now() / SNAPSHOT_MAX_AGE_MS);
    // A real promise (a query runs again each time it is awaited): shared by every read of this token.
    return this.memo.get(`${participantId}:${token}:${age}`, async () => liveItems(ctx, participantId));
  }
}
