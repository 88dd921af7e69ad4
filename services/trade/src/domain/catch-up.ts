import { currenciesChangedV1, participantJoinedV1, stashItemChangedV1 } from '@league/contracts';
import type { TradeContext } from './context';
import type { ParticipantDoc } from './ports';
import { itemUnavailable } from './rules';

// Read-your-writes for trade's read models of season's data (README "Read your own writes"). A token covers
// what the reader's own client wrote; these cover what the same player wrote a moment ago through another
// client (the launcher's stash upload, then the browser's listing): before a use case answers "not found" or
// "not enough" from a read model, it waits (bounded) until trade has applied what season's topic holds now,
// and looks again. Only the refusing path pays for it.

/** The participant as announced, looked for again after catching up with season's joins when unknown. */
export async function participantCaughtUp(ctx: TradeContext, id: number): Promise<ParticipantDoc | null> {
  const p = await ctx.store.participant(id);
  if (p || !ctx.catchUp) return p;
  await ctx.catchUp([participantJoinedV1.topic]);
  return ctx.store.participant(id);
}

/** Before a stash item is checked under the lock: when the read model would refuse it, catch up first. */
export async function stashItemCaughtUp(ctx: TradeContext, itemId: number, ownerId: number, count: number) {
  if (!ctx.catchUp) return;
  const item = await ctx.store.stashItem(itemId);
  if (itemUnavailable(item, ownerId, count)) await ctx.catchUp([stashItemChangedV1.topic]);
}

/** The participant's balance of a currency, caught up with season's balances when it is short of `needed`. */
export async function balanceCaughtUp(
  ctx: TradeContext,
  participantId: number,
  currency: string,
  needed: number,
): Promise<number> {
  const held = async () => (await ctx.store.currencies(participantId))?.balances[currency] ?? 0;
  const balance = await held();
  if (balance >= needed || !ctx.catchUp) return balance;
  await ctx.catchUp([currenciesChangedV1.topic]);
  return held();
}
