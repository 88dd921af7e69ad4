import type { TradeSearchQuery } from '@league/contracts';
import type { AuthUser } from '@league/platform';
import { blockedSet, namingFor, ownParticipant, type TradeContext } from './context';

/**
 * Other players' open listings in the searcher's season, from the in-memory index, without blocked players;
 * filtered by the game data's names, types, rarities and levels and shown in the reader's language.
 */
export async function search(
  ctx: TradeContext,
  user: AuthUser | undefined,
  q: TradeSearchQuery,
  acceptLanguage?: string,
) {
  const me = await ownParticipant(ctx, user, q.seasonParticipantId);
  const exclude = new Set<number>([me._id, ...(await blockedSet(ctx, me._id))]);
  const { lang } = namingFor(ctx, me, acceptLanguage);
  return ctx.index.search({ ...q, seasonId: me.seasonId, exclude, lang });
}
