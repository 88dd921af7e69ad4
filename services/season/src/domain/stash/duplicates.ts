import { sortAndPage, type DuplicatesQuery, type Paged, type SuspectedDuplicate } from '@league/contracts';
import { AppError, hasRole, isDuplicateKey, type AuthUser } from '@league/platform';
import type { SeasonDoc } from '../../data/models';
import type { DuplicateReviewDoc, InstanceCopy, ItemInstanceDoc, StashItemDoc } from '../../data/stash/models';
import { namingFor } from '../game-names';
import { withStash, type StashContext } from './context';
import { itemReleased, itemRemoved } from './events';
import { addLine } from './instances';
import { resolveItem } from './records';
import { saveItem } from './store';

// The admin's review of held copies (README "Suspected duplicates"): the list, Release and Remove. Every
// decision is stored on the review with the admin's name and logged. Nothing is ever removed without an admin.

/** Who the first action of every review is by: the upload's own check. */
const UPLOAD_CHECK = 'upload check';

/** Opens the review of each copy an upload stored held (once per copy: the review's `_id` is the item's). */
export async function openReviews(ctx: StashContext, held: StashItemDoc[]): Promise<void> {
  if (!held.length) return;
  const naming = namingFor(ctx.season, false, undefined);
  const docs: DuplicateReviewDoc[] = held.map((item) => ({
    _id: item._id,
    seasonId: item.seasonId,
    instanceId: item.instanceId!,
    state: 'held',
    itemName: resolveItem(ctx.records, item.item, naming).itemName,
    record: item.item.name,
    holder: item.username,
    seasonParticipantId: item.seasonParticipantId,
    heldAt: item.createdAt,
    actions: [{ action: 'held', by: UPLOAD_CHECK, at: item.createdAt }],
  }));
  try {
    await ctx.models.DuplicateReview.collection.insertMany(docs as never, { ordered: false });
  } catch (err) {
    const e = err as { code?: number; writeErrors?: Array<{ code?: number }> | { code?: number } };
    const errors = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [e];
    if (!errors.every(isDuplicateKey)) throw err; // a redo after a crash: those are open already
  }
}

function requireAdmin(user: AuthUser | undefined): AuthUser {
  if (!user) throw AppError.unauthorized();
  if (!hasRole(user, 'admin')) throw AppError.forbidden('Only an admin reviews suspected duplicates');
  return user;
}

/** One page of the reviews (held ones by default, newest first), each with both copies and the trades. */
export async function listDuplicates(
  ctx: StashContext,
  user: AuthUser | undefined,
  q: DuplicatesQuery,
  acceptLanguage?: string,
): Promise<Paged<SuspectedDuplicate>> {
  requireAdmin(user);
  const filter: Record<string, unknown> = {};
  if (q.state !== 'all') filter.state = q.state ?? 'held';
  if (q.seasonId !== undefined) filter.seasonId = q.seasonId;
  // Equality on top-level fields only (state, seasonId): FerretDB narrows by them in its store. The set is
  // what admins have to review, so it is sorted and cut here; only the page's rows are joined.
  const reviews = await ctx.models.DuplicateReview.find(filter).lean<DuplicateReviewDoc[]>();
  const page = sortAndPage(
    reviews,
    { ...q, page: q.page ?? 1 },
    (r, sort) => (sort === 'heldAt' ? r.heldAt.getTime() : sort === 'holder' ? r.holder : r[sort]),
    { sort: 'heldAt', dir: 'desc' },
  ) as Paged<DuplicateReviewDoc>;
  const seasons = new Map<number, SeasonDoc | null>();
  const items: SuspectedDuplicate[] = [];
  for (const review of page.items) items.push(await reviewRow(ctx, review, seasons, acceptLanguage));
  return { items, itemCount: page.itemCount };
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function location(item: StashItemDoc | null, removed: boolean) {
  if (!item) return 'storing' as const;
  if (removed) return 'removed' as const;
  if (item.gone) return 'game' as const;
  if (item.queued) return 'queue' as const;
  if (item.reservations.some((r) => r.kind === 'listing')) return 'listed' as const;
  if (item.reservations.length) return 'offered' as const;
  return 'stash' as const;
}

function copyView(id: number, item: StashItemDoc | null, copy: InstanceCopy | undefined, removed = false) {
  return {
    participantItemId: id,
    seasonParticipantId: item?.seasonParticipantId ?? copy?.seasonParticipantId ?? 0,
    holder: item?.username ?? copy?.username ?? '',
    uploadedBy: copy?.username ?? item?.username ?? '',
    arrivedAt: iso(copy?.arrivedAt ?? item?.createdAt),
    via: copy?.via ?? item?.via ?? null,
    location: location(item, removed),
  };
}

async function reviewRow(
  ctx: StashContext,
  review: DuplicateReviewDoc,
  seasons: Map<number, SeasonDoc | null>,
  acceptLanguage?: string,
): Promise<SuspectedDuplicate> {
  if (!seasons.has(review.seasonId))
    seasons.set(
      review.seasonId,
      await ctx.season.models.Season.findById(review.seasonId, { outbox: 0 }).lean<SeasonDoc>(),
    );
  const season = seasons.get(review.seasonId) ?? null;
  const byId = (id: number) => ctx.models.StashItem.findById(id, { outbox: 0 }).lean<StashItemDoc>();
  const [inst, heldItem] = await Promise.all([
    ctx.models.ItemInstance.findById(review.instanceId).lean<ItemInstanceDoc>(),
    byId(review._id),
  ]);
  const copyOf = (id: number) => inst?.copies.find((c) => c.participantItemId === id);
  const lines = (inst?.lines ?? []).filter((id) => id !== review._id);
  const lineItems = await Promise.all(lines.map(byId));
  const naming = namingFor(ctx.season, season?.isBeta ?? false, acceptLanguage);
  return {
    participantItemId: review._id,
    seasonId: review.seasonId,
    seasonName: season ? `${season.displayName}${season.isBeta ? ' (beta)' : ''}` : `Season ${review.seasonId}`,
    instanceId: review.instanceId,
    itemName: heldItem ? resolveItem(ctx.records, heldItem.item, naming).itemName : review.itemName,
    record: review.record,
    state: review.state,
    heldAt: review.heldAt.toISOString(),
    heldCopy: copyView(review._id, heldItem, copyOf(review._id), review.state === 'removed'),
    firstCopies: lines.map((id, i) => copyView(id, lineItems[i] ?? null, copyOf(id))),
    trades: (inst?.trades ?? []).map((t) => ({
      settlementId: t.settlementId,
      participantItemId: t.participantItemId,
      from: t.from,
      to: t.to,
      settledAt: new Date(t.at).toISOString(),
    })),
    actions: review.actions.map((a) => ({ action: a.action, by: a.by, at: new Date(a.at).toISOString() })),
  };
}

/**
 * Release (a chance collision: the held copy becomes a normal item) or Remove (the held copy leaves the stash;
 * its owner is told by trade, from season.item-removed.v1). Under the owner's stash lock; each write guarded,
 * so a repeat, or a redo after a crash, changes nothing twice. Deciding again the same way answers the row as
 * it is; the other decision on a decided copy is 409.
 */
export async function decideDuplicate(
  ctx: StashContext,
  user: AuthUser | undefined,
  id: number,
  decision: 'released' | 'removed',
  acceptLanguage?: string,
): Promise<SuspectedDuplicate> {
  const admin = requireAdmin(user).username;
  const found = await ctx.models.DuplicateReview.findById(id, { seasonParticipantId: 1 }).lean<DuplicateReviewDoc>();
  if (!found) throw AppError.notFound(`Item ${id} is not held for review`);
  // A held copy never changes owner (it cannot be listed, offered or withdrawn), so this is its stash's lock.
  await withStash(ctx, found.seasonParticipantId, async () => {
    const review = (await ctx.models.DuplicateReview.findById(id).lean<DuplicateReviewDoc>())!;
    if (review.state === decision) return;
    if (review.state !== 'held') {
      const last = review.actions[review.actions.length - 1];
      throw AppError.conflict(
        `This copy was already ${review.state}${last ? ` by ${last.by}` : ''}; it cannot be ${decision} now`,
        'already-reviewed',
      );
    }
    const item = await ctx.models.StashItem.findById(id, { outbox: 0 }).lean<StashItemDoc>();
    if (decision === 'released') {
      if (item?.held)
        await saveItem(ctx, item, { held: false }, `release:${id}`, true, (after) => [itemReleased(ctx, after, admin)]);
      await addLine(ctx, review.instanceId, id);
    } else if (item && !item.gone) {
      await saveItem(ctx, item, { gone: true, queued: false, stackCount: 0 }, `remove:${id}`, true, (after) => [
        itemRemoved(ctx, after, admin),
      ]);
    }
    const at = ctx.season.now();
    await ctx.models.DuplicateReview.updateOne(
      { _id: id, state: 'held' },
      { $set: { state: decision }, $push: { actions: { action: decision, by: admin, at } } },
    );
    ctx.season.logger.info(
      { admin, decision, participantItemId: id, instanceId: review.instanceId, owner: review.holder },
      `suspected duplicate ${decision} by ${admin}`,
    );
  });
  const review = (await ctx.models.DuplicateReview.findById(id).lean<DuplicateReviewDoc>())!;
  return reviewRow(ctx, review, new Map(), acceptLanguage);
}
