import { addWrittenPositions, publishedPositions } from '@league/platform';
import type { TradeContext } from './context';

/** What a buyout or an accepted offer answers: the settlement started, and how it ended when that is known. */
export interface SettlementAnswer {
  settlementId: string;
  tradeListingId: number;
  state: 'settling';
  /** Set once trade has handled season's reply: the listing is closed (or open again) and the notices written. */
  outcome?: 'completed' | 'failed';
  reason?: string;
}

/**
 * Read-your-writes for the saga (README "Read your own writes"): the stashes, balances and notifications
 * a buyer or a seller looks at next are written by the saga's later steps, whose positions never reach
 * them. So the buyout or the acceptance answers once trade has handled season's reply (bounded by
 * `settlementWaitMs`), with the positions of what that handling wrote in its token; past the bound it answers
 * `settling` as before, and the saga finishes on its own.
 */
export async function awaitSettlement(ctx: TradeContext, started: SettlementAnswer): Promise<SettlementAnswer> {
  if (!ctx.settlements || ctx.settlementWaitMs === 0) return started;
  const outcome = await ctx.settlements.waitFor(started.settlementId, ctx.settlementWaitMs ?? 3_000);
  if (!outcome) return started;
  addWrittenPositions(outcome.positions);
  return { ...started, outcome: outcome.state, ...(outcome.reason ? { reason: outcome.reason } : {}) };
}

/**
 * The end of handling season's reply: once what it wrote is published, every replica is told (the waiting
 * buyout among them) with the positions of those writes.
 */
export async function settlementHandled(
  ctx: TradeContext,
  settlementId: string,
  state: 'completed' | 'failed',
  reason?: string,
): Promise<void> {
  if (!ctx.settlements) return;
  const positions = await publishedPositions();
  await ctx.settlements
    .finished(settlementId, { state, ...(reason ? { reason } : {}), positions })
    .catch((err: unknown) => ctx.logger.warn({ err, settlementId }, 'telling the replicas a settlement ended failed'));
}
