import { aggregateKey, AppError, hasRole, upsertRacing, type AuthUser } from '@league/platform';
import type { ParticipantDoc, SeasonDoc } from '../../data/models';
import type { IdSource } from '../../data/stash/ids';
import type { StashModels } from '../../data/stash/models';
import { usernameKey, type SeasonContext } from '../context';
import { seasonDoc } from '../seasons';
import type { RecordTable } from './records';
import type { StashViewCache } from './views';

/** What the cloud stash use cases need: the season context, the stash models, ids and the record table. */
export interface StashContext {
  season: SeasonContext;
  models: StashModels;
  nextId: IdSource;
  records: RecordTable;
  /** The stash list's items per participant token (none: always read). */
  views?: StashViewCache;
  /**
   * Test seam for crash simulation: called before each step of a multi-document operation (settlement
   * steps, upload and split steps); a throw leaves the operation half applied, exactly as a crash there.
   */
  faults?: { beforeStep?: (operation: string, step: number) => void | Promise<void> };
}

export const ITEM_SEQUENCE = 'participantItem';

export async function faultPoint(ctx: StashContext, operation: string, step: number) {
  await ctx.faults?.beforeStep?.(operation, step);
}

/** Runs fn holding the lock of one document (no lock in a process without Redis, e.g. a one-off seed). */
export const locked = <T>(ctx: StashContext, collection: string, id: unknown, fn: () => Promise<T>) =>
  lockedAll(ctx, [aggregateKey(collection, id)], fn);

/** Runs fn holding the locks of several documents, taken together in one step (all or none: no deadlock). */
function lockedAll<T>(ctx: StashContext, keys: string[], fn: () => Promise<T>): Promise<T> {
  const locks = ctx.season.locks;
  return locks ? locks.withLock(keys, () => fn(), { ttlMs: 30_000, waitMs: 10_000 }) : fn();
}

/** Every change of one participant's stash runs under this lock (the stash document's own lock key). */
export const withStash = <T>(ctx: StashContext, participantId: number, fn: () => Promise<T>) =>
  locked(ctx, 'stashes', participantId, fn);

/**
 * A change of one item alone (a reservation): the stash's lock and the item's, taken together in one step, so
 * the write needs no second lock of its own (store.ts `saveLockedItem`).
 */
export const withStashItem = <T>(ctx: StashContext, participantId: number, itemId: number, fn: () => Promise<T>) =>
  lockedAll(ctx, [aggregateKey('stashes', participantId), aggregateKey('stashItems', itemId)], fn);

/** Both stashes of a settlement, taken together in one step (no deadlock between two settlements). */
export const withStashes = <T>(ctx: StashContext, a: number, b: number, fn: () => Promise<T>) =>
  lockedAll(ctx, [aggregateKey('stashes', a), aggregateKey('stashes', b)], fn);

export interface StashOwner {
  participant: ParticipantDoc;
  season: SeasonDoc;
}

/** The participant and its season; 404 when unknown. */
export async function participantOf(ctx: StashContext, participantId: number): Promise<StashOwner> {
  const participant = await ctx.season.models.Participant.findById(participantId, {
    outbox: 0,
    challenges: 0,
  }).lean<ParticipantDoc>();
  if (!participant) throw AppError.notFound(`Participant ${participantId} does not exist`);
  const season = await seasonDoc(ctx.season, participant.seasonId);
  if (!season) throw AppError.notFound(`Season ${participant.seasonId} does not exist`);
  return { participant, season };
}

/** Only the owner (the JWT's username is the participant's) or an admin reads or changes a stash. */
export async function ownStash(ctx: StashContext, user: AuthUser | undefined, participantId: number) {
  if (!user) throw AppError.unauthorized();
  const owner = await participantOf(ctx, participantId);
  const isOwner = usernameKey(user.username) === owner.participant.usernameKey;
  if (!isOwner && !hasRole(user, 'admin')) {
    // Someone else's beta participant does not exist for a player (404, as an unknown id, not a 403 naming it).
    if (owner.season.isBeta && !hasRole(user, 'tester'))
      throw AppError.notFound(`Participant ${participantId} does not exist`);
    throw AppError.forbidden(`Only ${owner.participant.username} can see or change this stash`);
  }
  if (isOwner) await rememberRoles(ctx, user.username, user.roles);
  return owner;
}

/** Users whose roles a process remembers having stored, per store; past it the memo starts over. */
const MAX_REMEMBERED = 10_000;
const rolesStored = new WeakMap<StashModels, Map<string, string>>();

/**
 * The roles last seen for a user (from their own token or account.roles-changed.v1). A process remembers the
 * roles it last found stored for a user, so a player's every request with the same token reads nothing more.
 */
export async function rememberRoles(ctx: StashContext, username: string, roles: string[]) {
  const key = usernameKey(username);
  const wanted = [...roles].sort().join(',');
  let stored = rolesStored.get(ctx.models);
  if (!stored || stored.size >= MAX_REMEMBERED) rolesStored.set(ctx.models, (stored = new Map()));
  if (stored.get(key) === wanted) return;
  const known = await ctx.models.StashRole.findById(key).lean<{ roles: string[] }>();
  const same = known && known.roles.length === roles.length && known.roles.every((r) => roles.includes(r));
  if (!same)
    // Two first requests of a user at once (the launcher's upload and the stash page) both upsert.
    await upsertRacing(() =>
      ctx.models.StashRole.updateOne({ _id: key }, { $set: { roles, updatedAt: ctx.season.now() } }, { upsert: true }),
    );
  stored.set(key, wanted);
}

/** Supporters of Season 7 have an unlimited cloud stash. */
export const supporterIn = (roles: readonly string[]) => roles.includes('supporter_s7');

export async function isSupporter(ctx: StashContext, username: string): Promise<boolean> {
  const known = await ctx.models.StashRole.findById(usernameKey(username)).lean<{ roles: string[] }>();
  return supporterIn(known?.roles ?? []);
}
