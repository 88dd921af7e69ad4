import { CURRENCY_NAMES, currenciesChangedV1, stashItemChangedV1 } from '@league/contracts';
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
      tradable: shown.tradable,
      record: item.item.name,
      prefixRecord: item.item.prefix,
      suffixRecord: item.item.suffix,
      itemDisplay: shown.itemDisplay,
      itemName: shown.itemName,
      statTags: shown.statTags,
      changedAt: ctx.season.now().toISOString(),
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
