import type { StashItemDoc } from '../../data/stash/models';
import type { StashContext } from './context';
import { itemsToken, liveItems } from './store';

/** Participants whose lists are kept at most; past it the cache starts over. */
const MAX_PARTICIPANTS = 1_000;

/**
 * A participant's live items for the stash list, cached in this process under the participant's stash
 * token. Every write of a participant's items replaces the token after writing (store.ts `itemsChanged`),
 * and each read reads the token first (one small document), so a list never misses a write that finished
 * before the read started, made by this instance or another.
 */
export class StashViewCache {
  private entries = new Map<number, { token: string; items: Promise<StashItemDoc[]> }>();

  async liveItems(ctx: StashContext, participantId: number): Promise<StashItemDoc[]> {
    const token = await itemsToken(ctx, participantId);
    const hit = this.entries.get(participantId);
    if (hit && hit.token === token) return hit.items;
    if (this.entries.size >= MAX_PARTICIPANTS) this.entries = new Map();
    // A real promise (a query runs again each time it is awaited): shared by every read of this token.
    const items: Promise<StashItemDoc[]> = (async () => liveItems(ctx, participantId))();
    const entry = { token, items };
    this.entries.set(participantId, entry);
    items.catch(() => {
      if (this.entries.get(participantId) === entry) this.entries.delete(participantId);
    });
    return items;
  }
}
