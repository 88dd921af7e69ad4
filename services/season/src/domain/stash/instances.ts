import { createHash } from 'node:crypto';
import { currencyOfRecord, type UploadChannel } from '@league/contracts';
import { AppError, isDuplicateKey } from '@league/platform';
import type {
  InstanceCopy,
  InstanceTrade,
  ItemInstanceDoc,
  LauncherItemDoc,
  StashItemDoc,
} from '../../data/stash/models';
import { locked, type StashContext } from './context';
import { recordKey } from './records';

// Suspected duplicates (issue 29, README "Suspected duplicates"): the identity of an item instance, and the
// claim an upload makes on it. The rules here decide; the admin's review is in duplicates.ts.

/**
 * Item types whose records stack in the game (the stash's 0–37 list), so equal seeds are normal: a stack split
 * in the game gives both parts the seed of the stack. 'Relic' is not among them: the game's components
 * (Class ItemRelic) share the name with the relics the site calls Relic (gearrelic records); components are
 * told by their folder below.
 */
const STACKABLE_TYPES = new Set([
  'Scroll',
  'Energy Potion',
  'Health Potion',
  'Quest Item',
  'Consumable',
  'Augment',
  'Reputation Booster',
  'Warrant',
  'Difficulty Unlock',
  'Tonic of Reshaping',
  'Tonic of Clarity',
  'LootRandomizer',
]);

/**
 * Folders the game keeps stackable records in (components, crafting materials and consumables, quest items
 * and the crafting currencies, potions, faction boosters, augments): they decide where the type is unknown
 * or ambiguous.
 */
const STACKABLE_FOLDERS = [
  'records/items/materia/',
  'records/items/crafting/materials/',
  'records/items/crafting/consumables/',
  'records/items/questitems/',
  'records/items/misc/potions/',
  'records/items/faction/booster/',
  'records/items/enchants/',
];

/** Whether a base record is of a kind that stacks (its seeds repeat by design). */
export function isStackableKind(record: string, itemType: string | null | undefined): boolean {
  const key = recordKey(record);
  if (currencyOfRecord(key)) return true;
  if (STACKABLE_FOLDERS.some((f) => key.startsWith(f))) return true;
  return Boolean(itemType && STACKABLE_TYPES.has(itemType));
}

/**
 * The identity of an item instance in a season, or null when the item has none that tells copies apart:
 * - a stack of more than one, or a record of a stackable kind (its seeds repeat by design),
 * - an item seed of 0 (the game leaves some crafted and scripted items unseeded: every copy is alike).
 * Otherwise: base record, prefix, suffix, modifier, relic/component and its completion bonus, augment, and the
 * three seeds (records compared case- and slash-insensitively; the illusion is left out: it changes only the
 * look, and a player may apply or remove it on the same instance). The key is `<seasonId>:` and 128 bits of
 * SHA-256 over those fields.
 */
export function instanceIdentity(
  seasonId: number,
  item: LauncherItemDoc,
  itemType: string | null | undefined,
): string | null {
  if (!item.itemSeed) return null;
  if (item.stackCount > 1) return null;
  if (isStackableKind(item.name, itemType)) return null;
  const fields = [
    recordKey(item.name),
    recordKey(item.prefix),
    recordKey(item.suffix),
    recordKey(item.modifier),
    recordKey(item.component),
    recordKey(item.completion),
    recordKey(item.augment),
    item.itemSeed,
    item.componentSeed,
    item.augmentSeed,
  ];
  return `${seasonId}:${createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32)}`;
}

/** An uploaded copy's claim on its instance. */
export interface Claim {
  instanceId: string;
  held: boolean;
  /** The copy the season held first (held claims): its id and who holds it now (or held it last). */
  firstCopy?: { participantItemId: number; seasonParticipantId: number; username: string };
}

export interface Uploaded {
  id: number;
  instanceId: string;
  seasonParticipantId: number;
  username: string;
  via: UploadChannel;
  opId: string;
  arrivedAt: Date;
}

/** How many uploads of one instance its document remembers (the newest; `lines` always stay). */
const KEEP_COPIES = 100;

const copyOf = (u: Uploaded, held: boolean): InstanceCopy => ({
  participantItemId: u.id,
  seasonParticipantId: u.seasonParticipantId,
  username: u.username,
  arrivedAt: u.arrivedAt,
  via: u.via,
  opId: u.opId,
  held,
});

/**
 * The claims of one upload's items on their instances, in the batch's order. Idempotent: a claim already made
 * for an item id (a retry after a crash) answers what it answered then.
 *
 * Fast path, one round trip for the batch: the instances are inserted by their unique `_id`; a new instance
 * (the common case) is its first copy, which is never held, and two uploads of one new instance at the same
 * moment cannot both insert it (the unique key decides). Every instance that already exists is claimed under
 * its lock (claimExisting), one after the other.
 */
export async function claimInstances(ctx: StashContext, uploads: Uploaded[]): Promise<Map<number, Claim>> {
  const claims = new Map<number, Claim>();
  if (!uploads.length) return claims;
  const docs: ItemInstanceDoc[] = uploads.map((u) => ({
    _id: u.instanceId,
    seasonId: Number(u.instanceId.split(':')[0]),
    lines: [u.id],
    copies: [copyOf(u, false)],
    trades: [],
    version: 1,
  }));
  const existing = await insertNew(ctx, docs);
  // Instances that exist are claimed a few at a time (each under its own lock); copies of one instance in
  // the batch one after the other, in the batch's order (the second of two is held).
  const byInstance = new Map<string, Uploaded[]>();
  for (const [i, u] of uploads.entries()) {
    if (!existing.has(i)) claims.set(u.id, { instanceId: u.instanceId, held: false });
    else byInstance.set(u.instanceId, [...(byInstance.get(u.instanceId) ?? []), u]);
  }
  const groups = [...byInstance.values()];
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift())
      for (const u of group) claims.set(u.id, await claimExisting(ctx, u));
  };
  await Promise.all(Array.from({ length: Math.min(CLAIMS_AT_ONCE, groups.length) }, worker));
  return new Map(uploads.map((u) => [u.id, claims.get(u.id)!]));
}

/** How many existing instances one upload claims at once. */
const CLAIMS_AT_ONCE = 8;

/** Inserts the instances; answers the indexes of those whose key was taken (all of them when it cannot tell). */
async function insertNew(ctx: StashContext, docs: ItemInstanceDoc[]): Promise<Set<number>> {
  try {
    await ctx.models.ItemInstance.collection.insertMany(docs as never, { ordered: false });
    return new Set();
  } catch (err) {
    const e = err as { code?: number; writeErrors?: unknown };
    const list = (Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : []) as Array<{
      index?: number;
      code?: number;
      err?: { index?: number; code?: number };
    }>;
    const failures = list.map((w) => ({ index: w.index ?? w.err?.index, code: w.code ?? w.err?.code }));
    if (failures.length && failures.every((f) => isDuplicateKey(f) && f.index !== undefined))
      return new Set(failures.map((f) => f.index!));
    if (isDuplicateKey(e) || failures.some(isDuplicateKey)) return new Set(docs.map((_, i) => i));
    throw err;
  }
}

/**
 * The claim of a copy on an instance the season already knows, under the instance's lock. Legitimate only as
 * a line's own copy coming back: a copy of the instance left the cloud stash (its holder pulled it into the
 * game) and the same participant uploads it again; the new copy takes that line's place. Every other copy is
 * held: one of the instance is in a stash (another participant's or the same one, listed, offered or queued),
 * a settlement moved it to someone else, another holder pulled it into their game, or its upload is still
 * being stored.
 */
async function claimExisting(ctx: StashContext, u: Uploaded): Promise<Claim> {
  return locked(ctx, 'itemInstances', u.instanceId, async () => {
    const inst = await ctx.models.ItemInstance.findById(u.instanceId).lean<ItemInstanceDoc>();
    if (!inst) throw AppError.conflict('The item instance changed meanwhile; try the upload again');
    const lineItems = await Promise.all(
      inst.lines.map((id) =>
        ctx.models.StashItem.findById(id, { seasonParticipantId: 1, username: 1, gone: 1, held: 1 }).lean<
          Pick<StashItemDoc, '_id' | 'seasonParticipantId' | 'username' | 'gone' | 'held'>
        >(),
      ),
    );
    const firstCopy = () => {
      const id = inst.lines[0]!;
      const item = lineItems[0];
      const copy = inst.copies.find((c) => c.participantItemId === id);
      return {
        participantItemId: id,
        seasonParticipantId: item?.seasonParticipantId ?? copy?.seasonParticipantId ?? u.seasonParticipantId,
        username: item?.username ?? copy?.username ?? '',
      };
    };
    const known = inst.copies.find((c) => c.participantItemId === u.id);
    if (known) return { instanceId: u.instanceId, held: known.held, ...(known.held ? { firstCopy: firstCopy() } : {}) };
    if (inst.lines.includes(u.id)) return { instanceId: u.instanceId, held: false };

    const own = lineItems.find((it) => it && it.gone && it.seasonParticipantId === u.seasonParticipantId);
    const held = !own;
    const lines = own ? inst.lines.map((id) => (id === own._id ? u.id : id)) : inst.lines;
    const res = await ctx.models.ItemInstance.collection.updateOne(
      { _id: inst._id, version: inst.version } as never,
      {
        $set: { lines, version: inst.version + 1 },
        $push: { copies: { $each: [copyOf(u, held)], $slice: -KEEP_COPIES } },
      } as never,
    );
    if (res.matchedCount !== 1) throw AppError.conflict('The item instance changed meanwhile; try the upload again');
    return { instanceId: u.instanceId, held, ...(held ? { firstCopy: firstCopy() } : {}) };
  });
}

/** A held copy the admin released: it counts as a line of its own from now on (under the instance's lock). */
export async function addLine(ctx: StashContext, instanceId: string, participantItemId: number): Promise<void> {
  await locked(ctx, 'itemInstances', instanceId, async () => {
    const inst = await ctx.models.ItemInstance.findById(instanceId).lean<ItemInstanceDoc>();
    if (!inst || inst.lines.includes(participantItemId)) return;
    await ctx.models.ItemInstance.collection.updateOne(
      { _id: instanceId, version: inst.version } as never,
      {
        $set: {
          lines: [...inst.lines, participantItemId],
          copies: inst.copies.map((c) => (c.participantItemId === participantItemId ? { ...c, held: false } : c)),
          version: inst.version + 1,
        },
      } as never,
    );
  });
}

/** A settlement moved a copy of the instance: recorded once per settlement (its trade history). */
export async function recordTrade(ctx: StashContext, instanceId: string, trade: InstanceTrade): Promise<void> {
  await locked(ctx, 'itemInstances', instanceId, async () => {
    const inst = await ctx.models.ItemInstance.findById(instanceId, { trades: 1, version: 1 }).lean<ItemInstanceDoc>();
    if (!inst || inst.trades.some((t) => t.settlementId === trade.settlementId)) return;
    await ctx.models.ItemInstance.collection.updateOne(
      { _id: instanceId, version: inst.version } as never,
      { $set: { version: inst.version + 1 }, $push: { trades: trade } } as never,
    );
  });
}

export const HELD_WITHDRAW_MESSAGE =
  'This item is held for review as a suspected duplicate: it cannot be withdrawn until an admin has reviewed it';
export const HELD_TRADE_MESSAGE =
  'This item is held for review as a suspected duplicate: it cannot be listed or offered until an admin has reviewed it';
