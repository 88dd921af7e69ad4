import {
  CURRENCY_NAMES,
  currenciesChangedV1,
  itemHeldV1,
  itemReleasedV1,
  itemRemovedV1,
  stashItemChangedV1,
  type UploadChannel,
} from '@league/contracts';
import { outboxEntry } from '@league/platform';
import type { StashDoc, StashItemDoc } from '../../data/stash/models';
import type { StashContext } from './context';
import { namingFor } from '../game-names';
import { resolveItem } from './records';

/** season.stash-item-changed.v1 with the item's full state after the change (keyed by the item). */
export function itemChanged(ctx: StashContext, item: StashItemDoc) {
  // In English from prod's game data (what searches index); trade names what it shows per reader and branch.
  const shown = resolveItem(ctx.records, item.item, namingFor(ctx.season, false, undefined));
  return outboxEntry(
    stashItemChangedV1,
    {
      participantItemId: item._id,
      seasonParticipantId: item.seasonParticipantId,
      seasonId: item.seasonId,
      username: item.username,
      version: item.version,
      stackCount: item.gone ? 0 : item.stackCount,
      queued: item.queued,
      // A held copy is not tradable meanwhile, also for a consumer that does not read `held`.
      tradable: shown.tradable && !item.held,
      record: item.item.name,
      prefixRecord: item.item.prefix,
      suffixRecord: item.item.suffix,
      itemDisplay: shown.itemDisplay,
      itemName: shown.itemName,
      statTags: shown.statTags,
      changedAt: ctx.season.now().toISOString(),
      held: item.held ?? false,
    },
    String(item._id),
  );
}

const heldRef = (item: StashItemDoc) => ({
  participantItemId: item._id,
  seasonParticipantId: item.seasonParticipantId,
  seasonId: item.seasonId,
  username: item.username,
  version: item.version,
  instanceId: item.instanceId ?? '',
});

/** season.item-held.v1: the copy was stored held (keyed by the item, written with its first change). */
export function itemHeld(
  ctx: StashContext,
  item: StashItemDoc,
  via: UploadChannel,
  firstCopy: { participantItemId: number; seasonParticipantId: number; username: string },
) {
  const shown = resolveItem(ctx.records, item.item, namingFor(ctx.season, false, undefined));
  return outboxEntry(
    itemHeldV1,
    {
      ...heldRef(item),
      record: item.item.name,
      prefixRecord: item.item.prefix,
      suffixRecord: item.item.suffix,
      itemName: shown.itemName,
      via,
      firstCopy,
      heldAt: ctx.season.now().toISOString(),
    },
    String(item._id),
  );
}

/** season.item-released.v1 (`item` as after the release). */
export function itemReleased(ctx: StashContext, item: StashItemDoc, admin: string) {
  return outboxEntry(
    itemReleasedV1,
    { ...heldRef(item), releasedBy: admin, releasedAt: ctx.season.now().toISOString() },
    String(item._id),
  );
}

/** season.item-removed.v1 (`item` as after the removal). */
export function itemRemoved(ctx: StashContext, item: StashItemDoc, admin: string) {
  const shown = resolveItem(ctx.records, item.item, namingFor(ctx.season, false, undefined));
  return outboxEntry(
    itemRemovedV1,
    {
      ...heldRef(item),
      record: item.item.name,
      prefixRecord: item.item.prefix,
      suffixRecord: item.item.suffix,
      itemName: shown.itemName,
      removedBy: admin,
      removedAt: ctx.season.now().toISOString(),
    },
    String(item._id),
  );
}

/** All 27 balances, 0 included. */
export const fullBalances = (balances: Record<string, number>) =>
  Object.fromEntries(CURRENCY_NAMES.map((c) => [c, balances[c] ?? 0]));

/** season.currencies-changed.v1 with every balance after the change (keyed by the participant). */
export function currenciesChanged(
  ctx: StashContext,
  wallet: Pick<StashDoc, '_id' | 'seasonId' | 'version' | 'balances'>,
) {
  return outboxEntry(
    currenciesChangedV1,
    {
      seasonParticipantId: wallet._id,
      seasonId: wallet.seasonId,
      version: wallet.version,
      balances: fullBalances(wallet.balances),
      changedAt: ctx.season.now().toISOString(),
    },
    String(wallet._id),
  );
}
