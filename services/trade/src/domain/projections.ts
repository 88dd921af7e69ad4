import type {
  currenciesChangedV1,
  EventData,
  itemHeldV1,
  itemReleasedV1,
  itemRemovedV1,
  participantJoinedV1,
  stashItemChangedV1,
} from '@league/contracts';
import { LOCK, notify, type TradeContext } from './context';
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
    held: e.held ?? false,
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

/**
 * season.item-held.v1 / season.item-released.v1 (issue 29): a copy held as a suspected duplicate cannot be
 * listed or offered. The item's stash-item-changed of the same write carries `held` as well, and arrives on
 * another topic, before or after; whichever comes first marks it, a newer state is never overwritten.
 */
export async function onItemHeldChanged(
  ctx: TradeContext,
  e: EventData<typeof itemHeldV1> | EventData<typeof itemReleasedV1>,
  held: boolean,
): Promise<void> {
  const changed = await ctx.locks.withLock(LOCK.item(e.participantItemId), () =>
    ctx.store.setStashItemHeld(e.participantItemId, held, e.version),
  );
  const item = changed ? await ctx.store.stashItem(e.participantItemId) : null;
  if (item && held) await revalidate(ctx, item);
}

/** season.item-removed.v1: an admin removed a held copy; its owner is told (once per item). */
export async function onItemRemoved(ctx: TradeContext, e: EventData<typeof itemRemovedV1>): Promise<void> {
  await notify(
    ctx,
    `item-removed:${e.participantItemId}`,
    e.seasonParticipantId,
    'Removed',
    'League admin',
    e.itemName,
    '',
    { listed: { record: e.record, prefixRecord: e.prefixRecord, suffixRecord: e.suffixRecord } },
  );
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
