import type { TradeSearchQuery } from '@league/contracts';
import type { AuthUser } from '@league/platform';
import { blockedSet, ownParticipant, type TradeContext } from './context';

/** Other players' open listings in the searcher's season, from the in-memory index, without blocked players. */
export async function search(ctx: TradeContext, user: AuthUser | undefined, q: TradeSearchQuery) {
  const me = await ownParticipant(ctx, user, q.seasonParticipantId);
  const exclude = new Set<number>([me._id, ...(await blockedSet(ctx, me._id))]);
  return ctx.index.search({ ...q, seasonId: me.seasonId, exclude });
}
