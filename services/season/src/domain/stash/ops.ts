import { createHash } from 'node:crypto';
import { currencyOfRecord, FREE_STASH_CAPACITY, type LauncherItem, type UploadChannel } from '@league/contracts';
import { AppError } from '@league/platform';
import type { LauncherItemDoc, StashItemDoc } from '../../data/stash/models';
import {
  faultPoint,
  isSupporter,
  ITEM_SEQUENCE,
  supporterIn,
  withStash,
  type StashContext,
  type StashOwner,
} from './context';
import { namingFor } from '../game-names';
import { openReviews } from './duplicates';
import { itemHeld } from './events';
import { claimInstances, instanceIdentity } from './instances';
import { resolveItem } from './records';
import { changeBalances, insertItems, newItemDoc, saveItem, walletOf } from './store';

interface OpDoc<P> {
  _id: string;
  kind: 'upload' | 'split';
  seasonParticipantId: number;
  state: 'pending' | 'done';
  payload: P;
  createdAt: Date;
  /** An upload's items that were stored held (set when it is done). */
  held?: number[];
}

interface Owner {
  _id: number;
  seasonId: number;
  username: string;
}

interface UploadPayload {
  owner: Owner;
  /** `instanceId`: the item's instance identity, decided when the upload was planned (null: none). */
  items: Array<{ id: number; item: LauncherItemDoc; instanceId?: string | null }>;
  currencies: Record<string, number>;
  /** The door it came through (absent on uploads planned before issue 29: the launcher's cloud upload). */
  via?: UploadChannel;
}

interface SplitPayload {
  owner: Owner;
  sourceId: number;
  newId: number;
  amount: number;
}

const ownerOf = (o: StashOwner): Owner => ({
  _id: o.participant._id,
  seasonId: o.participant.seasonId,
  username: o.participant.username,
});

const normalise = (i: LauncherItem): LauncherItemDoc => ({
  name: i.name,
  prefix: i.prefix,
  suffix: i.suffix,
  modifier: i.modifier,
  illusion: i.illusion,
  component: i.component,
  completion: i.completion,
  augment: i.augment,
  itemSeed: i.itemSeed,
  componentSeed: i.componentSeed,
  augmentSeed: i.augmentSeed,
  stackCount: i.stackCount,
});

/** The batch's identity: participant, the caller's request id when it sent one, and the items in order. */
export function batchFingerprint(participantId: number, items: LauncherItemDoc[], requestId?: string) {
  return createHash('sha256')
    .update(JSON.stringify({ participantId, requestId: requestId ?? null, items }))
    .digest('hex');
}

/** How many more items fit: Infinity for a supporter (capacity 0 = unlimited). */
export async function capacityOf(ctx: StashContext, username: string) {
  return (await isSupporter(ctx, username)) ? 0 : FREE_STASH_CAPACITY;
}

/** The capacity for roles already known (the owner's own token, just remembered by ownStash): no read. */
export const capacityFor = (roles: readonly string[]) => (supporterIn(roles) ? 0 : FREE_STASH_CAPACITY);

export async function liveCount(ctx: StashContext, participantId: number) {
  return ctx.models.StashItem.countDocuments({ seasonParticipantId: participantId, gone: false });
}

/**
 * The launcher's upload: the whole batch or nothing. Over capacity → 400 and nothing stored. A stack of a
 * currency record (trade seasons) adds to the balance instead of becoming an item. The same batch sent
 * again is recognised by its fingerprint and stored once (a half-applied one is finished instead), and
 * holds nothing new. A copy of an instance the season already holds is stored held (instances.ts).
 */
export async function uploadItems(
  ctx: StashContext,
  owner: StashOwner,
  raw: LauncherItem[],
  requestId?: string,
  via: UploadChannel = 'cloud-upload',
): Promise<{ stored: number; currencies: Record<string, number>; held: number }> {
  const items = raw.map(normalise);
  if (!items.length) return { stored: 0, currencies: {}, held: 0 };
  const opId = `upload:${batchFingerprint(owner.participant._id, items, requestId)}`;
  const tradeSeason = owner.season.seasonTypeId === 1;
  return withStash(ctx, owner.participant._id, async () => {
    await finishPendingOf(ctx, owner.participant._id);
    let op = await ctx.models.StashOp.findById(opId).lean<OpDoc<UploadPayload>>();
    if (!op) {
      const currencies: Record<string, number> = {};
      const kept: LauncherItemDoc[] = [];
      for (const item of items) {
        const currency = tradeSeason ? currencyOfRecord(item.name) : undefined;
        if (currency) currencies[currency] = (currencies[currency] ?? 0) + item.stackCount;
        else kept.push(item);
      }
      const capacity = await capacityOf(ctx, owner.participant.username);
      const count = await liveCount(ctx, owner.participant._id);
      if (capacity > 0 && count + kept.length > capacity)
        throw AppError.badRequest(
          `Your cloud stash is full: ${count} of ${capacity} slots used, ${kept.length} more would not fit`,
          'stash-full',
        );
      const ids: number[] = [];
      for (let i = 0; i < kept.length; i += 1) ids.push(await ctx.nextId(ITEM_SEQUENCE));
      // The identity is decided now, with the game data of this moment, and kept in the plan: a crash's redo
      // claims exactly what the first run did.
      const naming = namingFor(ctx.season, owner.season.isBeta, undefined);
      const planned = kept.map((item, i) => ({
        id: ids[i]!,
        item,
        instanceId: instanceIdentity(
          owner.season._id,
          item,
          resolveItem(ctx.records, item, naming).itemDisplay.itemType,
        ),
      }));
      op = {
        _id: opId,
        kind: 'upload',
        seasonParticipantId: owner.participant._id,
        state: 'pending',
        payload: { owner: ownerOf(owner), items: planned, currencies, via },
        createdAt: ctx.season.now(),
      };
      await ctx.models.StashOp.collection.insertOne(op as never);
    }
    const held = op.state === 'pending' ? await applyUpload(ctx, op) : (op.held ?? []);
    return { stored: op.payload.items.length, currencies: op.payload.currencies, held: held.length };
  });
}

/**
 * Applies a planned upload (again, after a crash): claims the instances (idempotent per item id), inserts the
 * items (held copies with their season.item-held.v1), opens the admin's review of each held copy, credits
 * the wallet once, and marks the operation done. Answers the ids stored held.
 */
async function applyUpload(ctx: StashContext, op: OpDoc<UploadPayload>): Promise<number[]> {
  const { owner, items, currencies } = op.payload;
  const via = op.payload.via ?? 'cloud-upload';
  await faultPoint(ctx, op._id, 0);
  const claims = await claimInstances(
    ctx,
    items
      .filter((i) => i.instanceId)
      .map((i) => ({
        id: i.id,
        instanceId: i.instanceId!,
        seasonParticipantId: owner._id,
        username: owner.username,
        via,
        opId: op._id,
        arrivedAt: op.createdAt,
      })),
  );
  await faultPoint(ctx, `${op._id}:claimed`, 0);
  const docs = items.map(({ id, item, instanceId }) => {
    const claim = claims.get(id);
    const doc = newItemDoc(ctx, id, owner, item, {
      batchId: op._id,
      instanceId: instanceId ?? null,
      via,
      held: claim?.held ?? false,
    });
    if (claim?.held) doc.outbox.push(itemHeld(ctx, doc, via, claim.firstCopy!));
    return doc;
  });
  await insertItems(ctx, docs);
  const held = docs.filter((d) => d.held);
  await openReviews(ctx, held);
  await faultPoint(ctx, op._id, 1);
  if (Object.keys(currencies).length) await changeBalances(ctx, await walletOf(ctx, owner), currencies, op._id);
  await faultPoint(ctx, op._id, 2);
  const heldIds = held.map((d) => d._id);
  await ctx.models.StashOp.updateOne({ _id: op._id }, { $set: { state: 'done', held: heldIds } });
  if (held.length)
    ctx.season.logger.warn(
      { opId: op._id, seasonParticipantId: owner._id, held: heldIds, via },
      'upload held suspected duplicates for review',
    );
  return heldIds;
}

/**
 * Splits `amount` off a stack into a new item waiting in the transfer queue. Two documents change, so the
 * split is an operation: the new item (inserted once, by its planned id), then the source's decrement
 * (guarded by the operation id), then done. The caller holds the stash lock.
 */
export async function splitToQueue(ctx: StashContext, owner: StashOwner, source: StashItemDoc, amount: number) {
  const op: OpDoc<SplitPayload> = {
    _id: `split:${source._id}:${source.version}`,
    kind: 'split',
    seasonParticipantId: owner.participant._id,
    state: 'pending',
    payload: { owner: ownerOf(owner), sourceId: source._id, newId: await ctx.nextId(ITEM_SEQUENCE), amount },
    createdAt: ctx.season.now(),
  };
  await ctx.models.StashOp.collection.insertOne(op as never);
  await applySplit(ctx, op);
  return op.payload.newId;
}

async function applySplit(ctx: StashContext, op: OpDoc<SplitPayload>) {
  const { owner, sourceId, newId, amount } = op.payload;
  const source = await ctx.models.StashItem.findById(sourceId, { outbox: 0 }).lean<StashItemDoc>();
  if (!source) throw new Error(`split ${op._id}: source item ${sourceId} is missing`);
  await faultPoint(ctx, op._id, 0);
  await insertItems(ctx, [
    newItemDoc(ctx, newId, owner, { ...source.item, stackCount: amount }, { queued: true, opId: op._id }),
  ]);
  await faultPoint(ctx, op._id, 1);
  await saveItem(ctx, source, { stackCount: source.stackCount - amount }, op._id);
  await ctx.models.StashOp.updateOne({ _id: op._id }, { $set: { state: 'done' } });
}

async function applyOp(ctx: StashContext, op: OpDoc<never>) {
  if (op.kind === 'upload') await applyUpload(ctx, op as unknown as OpDoc<UploadPayload>);
  else await applySplit(ctx, op as OpDoc<SplitPayload>);
}

/** Finishes the participant's pending operations (a crash left them); the caller holds the stash lock. */
export async function finishPendingOf(ctx: StashContext, participantId: number): Promise<number> {
  const pending = await ctx.models.StashOp.find({ seasonParticipantId: participantId, state: 'pending' })
    .sort({ createdAt: 1 })
    .lean<Array<OpDoc<never>>>();
  for (const op of pending) await applyOp(ctx, op);
  return pending.length;
}

/** Finishes every pending upload and split (after a crash); each under its participant's stash lock. */
export async function sweepStashOps(ctx: StashContext): Promise<number> {
  const pending = await ctx.models.StashOp.find({ state: 'pending' }, { seasonParticipantId: 1 })
    .limit(100)
    .lean<Array<{ seasonParticipantId: number }>>();
  let finished = 0;
  for (const pid of new Set(pending.map((p) => p.seasonParticipantId)))
    finished += await withStash(ctx, pid, () => finishPendingOf(ctx, pid));
  return finished;
}
