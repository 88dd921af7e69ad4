import type { TradePriceHistory } from '@league/contracts';
import { AppError } from '@league/platform';
import type { TradeContext } from './context';
import { branchOf, ENGLISH, fullName, nameItem, namingOf, type Branch } from './item-names';
import type { ListingDoc } from './ports';
import { median, recordKey } from './rules';

/** Records a settled listing's price once (its id is the settlement id). */
export async function recordSale(ctx: TradeContext, closed: ListingDoc, completedAt: string): Promise<void> {
  const s = closed.settlement!;
  await ctx.store.recordPrice({
    _id: s.settlementId,
    seasonId: closed.seasonId,
    isBeta: closed.isBeta,
    recordKey: recordKey(closed.record),
    record: closed.record,
    prefixRecord: closed.prefixRecord,
    suffixRecord: closed.suffixRecord,
    currency: s.payment.kind === 'currency' ? s.payment.currency : null,
    price: s.payment.kind === 'currency' ? s.payment.amount : null,
    count: closed.count,
    itemName: nameItem(ctx.names(branchOf(closed.isBeta)), ENGLISH, closed).itemName,
    settledOn: new Date(completedAt),
  });
}

/**
 * By record, or by a stash item the trade service knows (its base record; a sold item is still known). The
 * record and each sale are named from the branch's game data in the reader's language where it knows them
 * (a sale the game data does not know keeps the name it was sold under).
 */
export async function priceHistory(
  ctx: TradeContext,
  by: { record?: string; participantItemId?: number },
  branch: Branch,
  acceptLanguage?: string,
): Promise<TradePriceHistory> {
  if ((by.record === undefined) === (by.participantItemId === undefined))
    throw AppError.badRequest('Give either record or participantItemId');
  let record = by.record;
  if (record === undefined) {
    const item = await ctx.store.stashItem(by.participantItemId!);
    // A beta participant's item is not found on prod, the only branch a player reads (beta stays secret).
    const beta = item && branch !== 'beta' && (await ctx.store.participant(item.seasonParticipantId))?.isBeta;
    if (!item || beta) throw AppError.notFound('Stash item not found');
    record = item.record;
  }
  const stored = await ctx.store.prices(recordKey(record), branch === 'beta');
  // "Over the season": the latest season this record was traded in.
  const season = Math.max(0, ...stored.map((p) => p.seasonId));
  const all = stored
    .filter((p) => p.seasonId === season)
    .sort((a, b) => new Date(b.settledOn).getTime() - new Date(a.settledOn).getTime());
  const byCurrency = new Map<string, number[]>();
  for (const p of all)
    if (p.currency && p.price) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p.price]);
  const top = [...byCurrency.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  const { names, lang } = namingOf(ctx.names, branch === 'beta', acceptLanguage);
  const itemName = fullName(names, lang, { record });
  return {
    record,
    ...(itemName ? { itemName } : {}),
    currency: top?.[0] ?? null,
    median: top ? median(top[1]) : null,
    volume: all.length,
    last: all.slice(0, 20).map((p) => {
      const sold = fullName(names, lang, p) ?? p.itemName;
      return {
        currency: p.currency,
        price: p.price,
        count: p.count,
        prefixRecord: p.prefixRecord,
        suffixRecord: p.suffixRecord,
        ...(sold ? { itemName: sold } : {}),
        settledOn: new Date(p.settledOn).toISOString(),
      };
    }),
  };
}
