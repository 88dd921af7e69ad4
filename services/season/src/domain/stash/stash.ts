import {
  CURRENCIES,
  CURRENCY_NAMES,
  plainLauncherItem,
  recordOfCurrency,
  type CurrencyName,
  type LauncherItem,
  type StashItem,
  type StashQuery,
  type UploadChannel,
} from '@league/contracts';
import { writeIas, type IasItem } from '@league/gamefiles';
import { AppError, type AuthUser } from '@league/platform';
import type { StashItemDoc } from '../../data/stash/models';
import { usernameKey } from '../context';
import { ownStash, withStash, type StashContext, type StashOwner } from './context';
import { fullBalances } from './events';
import { HELD_WITHDRAW_MESSAGE } from './instances';
import { capacityFor, capacityOf, finishPendingOf, splitToQueue, uploadItems } from './ops';
import { compareNames, namingFor } from '../game-names';
import { resolveItem, type Naming, type ResolvedItem } from './records';
import { liveItems, reservedCount, saveItem, walletOf } from './store';

const LISTED = 'listedForTrade';
const NOT_LISTED = 'notListedForTrade';

export function stashItemDto(ctx: StashContext, item: StashItemDoc, shown: ResolvedItem): StashItem {
  const listed = item.reservations.some((r) => r.kind === 'listing');
  return {
    participantItemId: item._id,
    baseItem: shown.itemDisplay.baseItem,
    prefix: shown.itemDisplay.prefix,
    suffix: shown.itemDisplay.suffix,
    itemType: shown.itemDisplay.itemType,
    stackCount: item.stackCount,
    forTrade: listed,
    tradable: shown.tradable,
    askingCurrency: listed ? (item.listing?.askingCurrency ?? null) : null,
    askingPrice: listed ? (item.listing?.askingPrice ?? null) : null,
    sellerComment: listed ? (item.listing?.sellerComment ?? null) : null,
    owner: item.username,
    seasonParticipantId: item.seasonParticipantId,
    transferToStash: item.queued,
    reservedCount: reservedCount(item),
    currency: null,
    held: item.held ?? false,
  };
}

/** The launcher's upload (LAUNCHER-API.md §3). */
export async function uploadToStash(
  ctx: StashContext,
  user: AuthUser | undefined,
  participantId: number,
  items: LauncherItem[],
  requestId?: string,
  via: UploadChannel = 'cloud-upload',
) {
  const owner = await ownStash(ctx, user, participantId);
  return uploadItems(ctx, owner, items, requestId, via);
}

/**
 * One page of the stash (spec §7): the cloud stash, or with `transfer=true` the transfer queue. Filters:
 * search over the display name, stat tags (all of them; listed / not listed for trade are tags too and
 * exclude each other), stash item type, level range, rarity class; `forTrade=true` keeps what can be listed
 * or offered (tradable, not reserved, not queued, not held); `duplicates=true` keeps items the stash holds more than
 * once (same base, prefix and suffix); `includeCurrencies=true` adds a row per held currency (id 0).
 */
export async function listStash(
  ctx: StashContext,
  user: AuthUser | undefined,
  participantId: number,
  q: StashQuery,
  acceptLanguage?: string,
) {
  const owner = await ownStash(ctx, user, participantId);
  const naming = namingFor(ctx.season, owner.season.isBeta, acceptLanguage);
  const tags = (q.filter ?? '')
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.includes(LISTED) && tags.includes(NOT_LISTED))
    throw AppError.badRequest('Listed For Trade and Not Listed For Trade exclude each other; choose one');
  if (q.minLevel !== undefined && q.maxLevel !== undefined && q.minLevel > q.maxLevel)
    throw AppError.badRequest('minLevel must not be above maxLevel');
  const term = q.searchTerm?.trim().toLowerCase();
  const live = ctx.views ? await ctx.views.liveItems(ctx, participantId) : await liveItems(ctx, participantId);
  const rows: Array<{ item: StashItemDoc; shown: ResolvedItem }> = live.map((item) => ({
    item,
    shown: resolveItem(ctx.records, item.item, naming),
  }));
  // A search finds an item by its name in the reader's language or in English.
  const english: Naming | undefined = term && naming.lang !== 'en' ? { ...naming, lang: 'en' } : undefined;
  const named = (item: StashItemDoc, shown: ResolvedItem) =>
    shown.itemName.toLowerCase().includes(term!) ||
    Boolean(english && resolveItem(ctx.records, item.item, english).itemName.toLowerCase().includes(term!));
  const copies = new Map<string, number>();
  for (const r of rows) copies.set(r.shown.duplicateKey, (copies.get(r.shown.duplicateKey) ?? 0) + 1);
  const kept = rows.filter(({ item, shown }) => {
    if (item.queued !== (q.transfer ?? false)) return false;
    const listed = item.reservations.some((r) => r.kind === 'listing');
    if (q.forTrade && (!shown.tradable || item.reservations.length > 0 || item.queued || item.held)) return false;
    if (q.duplicates && (copies.get(shown.duplicateKey) ?? 0) < 2) return false;
    if (term && !named(item, shown)) return false;
    if (q.itemType !== undefined && shown.itemDisplay.baseItem.itemTypeId !== q.itemType) return false;
    const level = shown.itemDisplay.baseItem.levelRequirement;
    if (q.minLevel !== undefined && level < q.minLevel) return false;
    if (q.maxLevel !== undefined && level > q.maxLevel) return false;
    if (q.rarity && shown.rarityFilter !== q.rarity) return false;
    for (const tag of tags) {
      if (tag === LISTED) {
        if (!listed) return false;
      } else if (tag === NOT_LISTED) {
        if (listed) return false;
      } else if (!shown.statTags.includes(tag)) return false;
    }
    return true;
  });
  kept.sort((a, b) => compareNames(a.shown.itemName, b.shown.itemName, naming.lang) || a.item._id - b.item._id);
  const items: StashItem[] = kept.map(({ item, shown }) => stashItemDto(ctx, item, shown));
  if (q.includeCurrencies && !q.transfer && owner.season.seasonTypeId === 1) {
    const wallet = await ctx.models.Stash.findById(participantId, { balances: 1 }).lean<{
      balances: Record<string, number>;
    }>();
    for (const c of CURRENCIES) {
      const amount = wallet?.balances[c.currency] ?? 0;
      if (amount > 0 && (!term || c.currency.toLowerCase().includes(term)))
        items.push(currencyRow(owner, c.currency, amount));
    }
  }
  const pageSize = q.pageSize ?? 20;
  const page = q.page ?? 1;
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    itemCount: items.length,
    // The owner's roles were just stored from their token (ownStash): the same answer without a read.
    capacity:
      usernameKey(user!.username) === owner.participant.usernameKey
        ? capacityFor(user!.roles)
        : await capacityOf(ctx, owner.participant.username),
  };
}

function currencyRow(owner: StashOwner, currency: CurrencyName, amount: number): StashItem {
  return {
    participantItemId: 0,
    baseItem: { itemDbrTag: { name: currency }, rarity: 'Common', style: null, itemTypeId: null, levelRequirement: 0 },
    prefix: null,
    suffix: null,
    itemType: 'Currency',
    stackCount: amount,
    forTrade: false,
    tradable: false,
    askingCurrency: null,
    askingPrice: null,
    sellerComment: null,
    owner: owner.participant.username,
    seasonParticipantId: owner.participant._id,
    transferToStash: false,
    reservedCount: 0,
    currency,
  };
}

/** The launcher's transfer queue: always an array (empty when nothing waits). */
export async function transferQueue(ctx: StashContext, user: AuthUser | undefined, participantId: number) {
  await ownStash(ctx, user, participantId);
  const items = await ctx.models.StashItem.find(
    { seasonParticipantId: participantId, gone: false, queued: true },
    { outbox: 0 },
  )
    .sort({ _id: 1 })
    .lean<StashItemDoc[]>();
  return items.map((i) => ({ ...i.item, stackCount: i.stackCount, participantItemId: i._id }));
}

/**
 * The launcher placed these queued items into the game: they leave the cloud stash (stackCount 0, an
 * event each). Ids not waiting in this participant's queue (already pulled, unknown, someone else's) are
 * skipped, so a repeated call changes nothing.
 */
export async function pullItems(ctx: StashContext, user: AuthUser | undefined, participantId: number, ids: number[]) {
  await ownStash(ctx, user, participantId);
  return withStash(ctx, participantId, async () => {
    await finishPendingOf(ctx, participantId);
    const items = await ctx.models.StashItem.find(
      { _id: { $in: [...new Set(ids)] }, seasonParticipantId: participantId, gone: false, queued: true },
      { outbox: 0 },
    ).lean<StashItemDoc[]>();
    for (const item of items) await saveItem(ctx, item, { gone: true, queued: false, stackCount: 0 });
    return { pulled: items.map((i) => i._id).sort((a, b) => a - b) };
  });
}

/**
 * Queues a stack (or `withdrawAmount` of it: the rest stays, the part becomes a new queued item) for the
 * game, or puts a queued item back into the cloud stash. A reserved item (listed or offered) cannot be queued.
 */
export async function toggleTransfer(
  ctx: StashContext,
  user: AuthUser | undefined,
  participantId: number,
  itemId: number,
  withdrawAmount: number | undefined,
  acceptLanguage?: string,
) {
  const owner = await ownStash(ctx, user, participantId);
  const naming = namingFor(ctx.season, owner.season.isBeta, acceptLanguage);
  const dto = (item: StashItemDoc) => stashItemDto(ctx, item, resolveItem(ctx.records, item.item, naming));
  return withStash(ctx, participantId, async () => {
    await finishPendingOf(ctx, participantId);
    const item = await ctx.models.StashItem.findById(itemId, { outbox: 0 }).lean<StashItemDoc>();
    if (!item || item.gone || item.seasonParticipantId !== participantId)
      throw AppError.notFound(`Item ${itemId} is not in this stash`);
    if (item.queued) {
      const back = await saveItem(ctx, item, { queued: false });
      return dto(back!);
    }
    if (item.held) throw AppError.conflict(HELD_WITHDRAW_MESSAGE, 'held');
    if (item.reservations.length)
      throw AppError.conflict('Item is reserved for trade (listed or offered) and cannot be withdrawn', 'reserved');
    const amount = withdrawAmount ?? item.stackCount;
    if (amount > item.stackCount) throw AppError.badRequest(`withdrawAmount must be between 1 and ${item.stackCount}`);
    if (amount === item.stackCount) {
      const queued = await saveItem(ctx, item, { queued: true });
      return dto(queued!);
    }
    const newId = await splitToQueue(ctx, owner, item, amount);
    const split = await ctx.models.StashItem.findById(newId, { outbox: 0 }).lean<StashItemDoc>();
    return dto(split!);
  });
}

/** The 27 currencies with the participant's balance (trade seasons only). */
export async function tradeCurrencies(ctx: StashContext, user: AuthUser | undefined, participantId: number) {
  const owner = await ownStash(ctx, user, participantId);
  if (owner.season.seasonTypeId !== 1)
    throw AppError.badRequest(`${owner.season.displayName} is not a trade season: it has no currencies`);
  const wallet = await ctx.models.Stash.findById(participantId, { balances: 1 }).lean<{
    balances: Record<string, number>;
  }>();
  const balances = fullBalances(wallet?.balances ?? {});
  return CURRENCY_NAMES.map((currency) => ({
    currency,
    recordPath: recordOfCurrency(currency),
    amount: balances[currency] ?? 0,
  }));
}

/** A stash item's display and stat lines (from the item-record table). */
export async function stashItemStats(
  ctx: StashContext,
  user: AuthUser | undefined,
  itemId: number,
  acceptLanguage?: string,
) {
  const item = await ctx.models.StashItem.findById(itemId, { outbox: 0 }).lean<StashItemDoc>();
  if (!item || item.gone) throw AppError.notFound(`Stash item ${itemId} does not exist`);
  const owner = await ownStash(ctx, user, item.seasonParticipantId);
  const shown = resolveItem(ctx.records, item.item, namingFor(ctx.season, owner.season.isBeta, acceptLanguage));
  return {
    itemDisplay: shown.itemDisplay,
    statDetail: { itemStatLines: shown.statLines, completionStatLines: [] },
  };
}

/**
 * A string as an .ias field holds it: record paths are ASCII, so anything else is replaced, and the u8
 * length caps a string at 255 (the launcher's item JSON allows 512 characters of any kind).
 */
const iasString = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 255);

/** Every item of the stash (queue included) and every held currency as an Item Assistant file. */
export async function exportCloudStash(ctx: StashContext, user: AuthUser | undefined, participantId: number) {
  const owner = await ownStash(ctx, user, participantId);
  const asIas = (item: LauncherItem, stackCount: number, cloudId: string): IasItem => ({
    name: iasString(item.name),
    prefix: iasString(item.prefix),
    suffix: iasString(item.suffix),
    modifier: iasString(item.modifier),
    illusion: iasString(item.illusion),
    component: iasString(item.component),
    completion: iasString(item.completion),
    augment: iasString(item.augment),
    itemSeed: item.itemSeed,
    componentSeed: item.componentSeed,
    augmentSeed: item.augmentSeed,
    stackCount,
    cloudId,
  });
  const items = (await liveItems(ctx, participantId)).map((i) => asIas(i.item, i.stackCount, String(i._id)));
  const wallet = await ctx.models.Stash.findById(participantId, { balances: 1 }).lean<{
    balances: Record<string, number>;
  }>();
  for (const c of CURRENCY_NAMES) {
    const amount = wallet?.balances[c] ?? 0;
    if (amount > 0) items.push(asIas(plainLauncherItem(recordOfCurrency(c)), amount, `currency:${c}`));
  }
  return {
    fileName: `${owner.participant.username}-${owner.season.displayName.replace(/\s+/g, '')}-cloud-stash.ias`,
    body: writeIas(items, {
      hardcore: owner.season.seasonTypeId === 2,
      expansion: 3,
      mod: iasString(owner.season.modName),
    }),
  };
}

export { walletOf };
