import type { UploadChannel } from '@league/contracts';
import { AppError, isDuplicateKey, type OutboxEntry } from '@league/platform';
import type { LauncherItemDoc, StashDoc, StashItemDoc } from '../../data/stash/models';
import { locked, type StashContext } from './context';
import { currenciesChanged, itemChanged } from './events';

// Every write here carries its own event in the same single-document update (state + outbox entry), and
// runs while the caller holds the participant's stash lock. Item documents are also written under their
// own lock, which the outbox relay takes for its $pull (FerretDB does not isolate concurrent updates).

const KEEP_OPS = 500;

/** The participant's wallet document, created empty on first use (the caller holds the stash lock). */
export async function walletOf(
  ctx: StashContext,
  owner: { _id: number; seasonId: number; username: string },
): Promise<StashDoc> {
  const found = await ctx.models.Stash.findById(owner._id, { outbox: 0 }).lean<StashDoc>();
  if (found) return found;
  const doc = {
    _id: owner._id,
    seasonId: owner.seasonId,
    username: owner.username,
    balances: {},
    version: 0,
    appliedOps: [],
    outbox: [],
  };
  try {
    await ctx.models.Stash.collection.insertOne(doc as never);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return (await ctx.models.Stash.findById(owner._id, { outbox: 0 }).lean<StashDoc>())!;
}

/**
 * Adds `deltas` to the balances (negative = spend) with a currencies-changed event, once per `opId`
 * (a repeat returns the wallet unchanged). A balance that would go below 0 is a 400.
 */
export async function changeBalances(
  ctx: StashContext,
  wallet: StashDoc,
  deltas: Record<string, number>,
  opId?: string,
): Promise<StashDoc> {
  if (opId && wallet.appliedOps.includes(opId)) return wallet;
  const balances = { ...wallet.balances };
  for (const [currency, delta] of Object.entries(deltas)) {
    const next = (balances[currency] ?? 0) + delta;
    if (next < 0) throw AppError.badRequest(`Not enough ${currency}: ${balances[currency] ?? 0} held`);
    balances[currency] = next;
  }
  const next = { ...wallet, balances, version: wallet.version + 1 };
  const filter: Record<string, unknown> = { _id: wallet._id, version: wallet.version };
  if (opId) filter.appliedOps = { $ne: opId };
  const res = await ctx.models.Stash.collection.updateOne(
    filter as never,
    {
      $set: { balances, version: next.version },
      $push: {
        outbox: currenciesChanged(ctx, next),
        ...(opId ? { appliedOps: { $each: [opId], $slice: -KEEP_OPS } } : {}),
      },
    } as never,
  );
  // Matched is enough: a patch that sets what the item already holds (a redelivered reservation with the same
  // terms, `publish` false) matches and modifies nothing, and is applied all the same.
  if (res.matchedCount !== 1) {
    const now = (await ctx.models.Stash.findById(wallet._id, { outbox: 0 }).lean<StashDoc>())!;
    if (opId && now.appliedOps.includes(opId)) return now;
    throw AppError.conflict('The stash changed meanwhile; try again');
  }
  ctx.season.publishSoon({ model: ctx.models.Stash, id: wallet._id });
  return { ...next, appliedOps: opId ? [...wallet.appliedOps, opId] : wallet.appliedOps };
}

export type ItemPatch = Partial<
  Pick<
    StashItemDoc,
    | 'stackCount'
    | 'queued'
    | 'gone'
    | 'seasonParticipantId'
    | 'seasonId'
    | 'username'
    | 'reservations'
    | 'releasedReservations'
    | 'listing'
    | 'held'
  >
>;

/**
 * Writes a change of one item with its stash-item-changed event (version + 1), guarded by the version read
 * and, with `opId`, applied once per operation step. `also` adds more events about the same change (made
 * from the item after it) to the same write. Returns the item after the change, or null when the step was
 * applied before.
 */
export function saveItem(
  ctx: StashContext,
  before: StashItemDoc,
  patch: ItemPatch,
  opId?: string,
  publish = true,
  also: (after: StashItemDoc) => OutboxEntry[] = () => [],
): Promise<StashItemDoc | null> {
  return writeItem(ctx, before, patch, opId, publish, also, true);
}

/** saveItem for a caller that already holds the item's lock (context.ts `withStashItem`), without an event. */
export function saveLockedItem(ctx: StashContext, before: StashItemDoc, patch: ItemPatch) {
  return writeItem(ctx, before, patch, undefined, false, () => [], false);
}

async function writeItem(
  ctx: StashContext,
  before: StashItemDoc,
  patch: ItemPatch,
  opId: string | undefined,
  publish: boolean,
  also: (after: StashItemDoc) => OutboxEntry[],
  lockItem: boolean,
): Promise<StashItemDoc | null> {
  if (opId && before.appliedOps.includes(opId)) {
    // A step redone after a crash: the crash may have come between its write and the token's change.
    await itemsChanged(ctx, [before.seasonParticipantId]);
    return null;
  }
  const next: StashItemDoc = { ...before, ...patch, version: before.version + (publish ? 1 : 0) };
  const filter: Record<string, unknown> = { _id: before._id, version: before.version };
  if (opId) filter.appliedOps = { $ne: opId };
  const push: Record<string, unknown> = {};
  if (publish) push.outbox = { $each: [itemChanged(ctx, next), ...also(next)] };
  if (opId) push.appliedOps = { $each: [opId], $slice: -KEEP_OPS };
  const update = () =>
    ctx.models.StashItem.collection.updateOne(
      filter as never,
      {
        $set: { ...patch, version: next.version },
        ...(Object.keys(push).length ? { $push: push } : {}),
      } as never,
    );
  const res = await (lockItem ? locked(ctx, 'stashItems', before._id, update) : update());
  await itemsChanged(ctx, [before.seasonParticipantId, patch.seasonParticipantId]);
  // Matched is enough: a patch that sets what the item already holds (a redelivered reservation with the same
  // terms, `publish` false) matches and modifies nothing, and is applied all the same.
  if (res.matchedCount !== 1) {
    const now = await ctx.models.StashItem.findById(before._id, { outbox: 0 }).lean<StashItemDoc>();
    if (opId && now?.appliedOps.includes(opId)) return null;
    throw AppError.conflict('The item changed meanwhile; try again');
  }
  if (publish) ctx.season.publishSoon({ model: ctx.models.StashItem, id: before._id });
  return next;
}

/** A new item document with its first event (version 1); inserting it again is a no-op (same _id). */
export function newItemDoc(
  ctx: StashContext,
  id: number,
  owner: { _id: number; seasonId: number; username: string },
  item: LauncherItemDoc,
  extra: {
    queued?: boolean;
    batchId?: string | null;
    opId?: string;
    held?: boolean;
    instanceId?: string | null;
    via?: UploadChannel | null;
  } = {},
) {
  const doc: StashItemDoc = {
    _id: id,
    seasonParticipantId: owner._id,
    seasonId: owner.seasonId,
    username: owner.username,
    item,
    stackCount: item.stackCount,
    queued: extra.queued ?? false,
    gone: false,
    version: 1,
    reservations: [],
    releasedReservations: [],
    listing: null,
    appliedOps: extra.opId ? [extra.opId] : [],
    batchId: extra.batchId ?? null,
    held: extra.held ?? false,
    instanceId: extra.instanceId ?? null,
    via: extra.via ?? null,
    createdAt: ctx.season.now(),
  };
  return { ...doc, outbox: [itemChanged(ctx, doc)] };
}

/** Inserts item documents, skipping any that a crashed earlier attempt already inserted. */
export async function insertItems(ctx: StashContext, docs: Array<ReturnType<typeof newItemDoc>>) {
  if (!docs.length) return;
  const have = new Set(
    (
      await ctx.models.StashItem.find({ _id: { $in: docs.map((d) => d._id) } }, { _id: 1 }).lean<
        Array<{ _id: number }>
      >()
    ).map((d) => d._id),
  );
  const missing = docs.filter((d) => !have.has(d._id));
  // Also when nothing is missing: a retry after a crash between the insert and the token's change.
  const changed = async () =>
    itemsChanged(
      ctx,
      docs.map((d) => d.seasonParticipantId),
    );
  if (missing.length) {
    try {
      await ctx.models.StashItem.collection.insertMany(missing as never, { ordered: false });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await changed();
    // Each new document by its id: a sweep would scan the whole collection on FerretDB.
    for (const d of missing) ctx.season.publishSoon({ model: ctx.models.StashItem, id: d._id });
  } else await changed();
}

/**
 * After a write of these participants' items: their stash token changes, so no instance's stash list
 * cache (views.ts) answers from what it read before.
 */
export async function itemsChanged(ctx: StashContext, participantIds: Array<number | undefined>) {
  const tokens = ctx.season.tokens;
  if (!tokens) return; // a process without tokens has no stash cache, and tells none
  const ids = [...new Set(participantIds)].filter((id): id is number => id !== undefined);
  await Promise.all(ids.map((id) => tokens.stash(id).replace()));
}

/** Live items of a participant (in the cloud stash or its transfer queue). */
export function liveItems(ctx: StashContext, participantId: number) {
  return ctx.models.StashItem.find({ seasonParticipantId: participantId, gone: false }, { outbox: 0 })
    .sort({ _id: 1 })
    .lean<StashItemDoc[]>();
}

export const reservedCount = (item: StashItemDoc) => item.reservations.reduce((n, r) => n + r.count, 0);
