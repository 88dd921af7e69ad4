import type { currenciesChangedV1, EventData, participantJoinedV1, stashItemChangedV1 } from '@league/contracts';
import { LOCK, type TradeContext } from './context';
import { cancelListing } from './listings';
import { dropOfferUnlessSettling } from './offers';
import type { StashItemDoc } from './ports';
import { stillValid } from './rules';

// Trade's read models of season's participants, stash items and balances, from season's events.

export async function onParticipantJoined(ctx: TradeContext, e: EventData<typeof participantJoinedV1>): Promise<void> {
  const current = await ctx.store.participant(e.seasonParticipantId);
  await ctx.store.upsertParticipant({
    _id: e.seasonParticipantId,
    seasonId: e.seasonId,
    username: e.username,
    usernameKey: e.username.trim().toLowerCase(),
    seasonTypeId: e.seasonTypeId ?? current?.seasonTypeId ?? null,
    isBeta: e.isBeta ?? current?.isBeta ?? null,
  });
}

export async function onStashItemChanged(ctx: TradeContext, e: EventData<typeof stashItemChangedV1>): Promise<void> {
  const item: StashItemDoc = {
    _id: e.participantItemId,
    seasonParticipantId: e.seasonParticipantId,
    seasonId: e.seasonId,
    username: e.username,
    version: e.version,
    stackCount: e.stackCount,
    queued: e.queued,
    tradable: e.tradable,
    record: e.record,
    prefixRecord: e.prefixRecord,
    suffixRecord: e.suffixRecord,
    itemDisplay: e.itemDisplay,
    itemName: e.itemName,
    statTags: e.statTags,
    rarityFilter: e.rarityFilter ?? null,
  };
  const applied = await ctx.locks.withLock(LOCK.item(item._id), () => ctx.store.putStashItemIfNewer(item));
  if (applied) await revalidate(ctx, item);
}

/** A stash change that leaves a listing or an offer without its item cancels it (and releases the rest). */
export async function revalidate(ctx: TradeContext, item: StashItemDoc): Promise<void> {
  const latest = (await ctx.store.stashItem(item._id)) ?? item;
  for (const l of await ctx.store.activeListingsOfItem(latest._id)) {
    if (l.state === 'open' && !stillValid(latest, l.seasonParticipantId, l.count))
      await cancelListing(ctx, l._id, 'stash-changed', ['open']);
  }
  const offers = await ctx.store.openOffersBy(latest.seasonParticipantId);
  for (const o of offers) {
    const mine = o.items.find((i) => i.participantItemId === latest._id);
    if (!mine || stillValid(latest, o.seasonParticipantId, mine.count)) continue;
    await dropOfferUnlessSettling(ctx, o._id);
  }
}

export async function onCurrenciesChanged(ctx: TradeContext, e: EventData<typeof currenciesChangedV1>): Promise<void> {
  await ctx.locks.withLock(LOCK.currency(e.seasonParticipantId), () =>
    ctx.store.putCurrenciesIfNewer({
      _id: e.seasonParticipantId,
      seasonId: e.seasonId,
      version: e.version,
      balances: e.balances,
    }),
  );
}
