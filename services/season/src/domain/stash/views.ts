import type { StashItemDoc } from '../../data/stash/models';
import { PromiseMemo } from '../memo';
import type { StashContext } from './context';
import { itemsToken, liveItems } from './store';

/** Lists kept at most; past it the cache starts over. */
const MAX_LISTS = 1_000;

/**
 * A participant's live items for the stash list, cached in this process under the participant's stash
 * token. Every write of a participant's items replaces the token after writing (store.ts `itemsChanged`),
 * and each read reads the token first (one small document), so a list never misses a write that finished
 * before the read started, made by this instance or another.
 */
export class StashViewCache {
  // Keyed by participant and token: a new token is a new key, and the old list goes when the memo starts over.
  private readonly memo = new PromiseMemo<string, StashItemDoc[]>(MAX_LISTS);

  async liveItems(ctx: StashContext, participantId: number): Promise<StashItemDoc[]> {
    const token = await itemsToken(ctx, participantId);
    // A real promise (a query runs again each time it is awaited): shared by every read of this token.
    return this.memo.get(`${participantId}:${token}`, async () => liveItems(ctx, participantId));
  }
}
