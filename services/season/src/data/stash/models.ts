import type { LauncherItem } from '@league/contracts';
import { outboxField } from '@league/platform';
import { Schema, type Connection } from 'mongoose';

const opts = { versionKey: false, strict: true } as const;

/**
 * One stack in a cloud stash. `_id` is the participantItemId the site and the launcher use. A stack that
 * left the stash (pulled into the game, or moved whole to another stash, keeps its id and changes owner)
 * has `stackCount` 0 and `gone` set. `appliedOps` remembers the settlement steps and reservation events
 * already applied to this document (the applyOnce guard), `outbox` holds its season.stash-item-changed.v1.
 */
const stashItemSchema = new Schema(
  {
    _id: Number,
    seasonParticipantId: { type: Number, required: true, index: true },
    seasonId: { type: Number, required: true },
    username: { type: String, required: true },
    /** The launcher's item JSON, as uploaded (name = base record). */
    item: { type: Object, required: true },
    stackCount: { type: Number, required: true },
    queued: { type: Boolean, default: false },
    gone: { type: Boolean, default: false },
    version: { type: Number, required: true },
    reservations: { type: [Object], default: [] },
    releasedReservations: { type: [String], default: [] },
    /** The listing's terms as trade last announced them (shown while a listing reservation holds). */
    listing: { type: Object, default: null },
    appliedOps: { type: [String], default: [] },
    /** The upload batch that brought it in (an upload resumed after a crash inserts the rest only). */
    batchId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    outbox: outboxField,
  },
  { ...opts, collection: 'stashItems' },
);

/**
 * A participant's wallet and stash header: the 27 currency balances, the roles last seen (supporters have
 * no capacity limit), the applied operations (upload batches, settlement steps) and the outbox of
 * season.currencies-changed.v1. `_id` = seasonParticipantId.
 */
const stashSchema = new Schema(
  {
    _id: Number,
    seasonId: { type: Number, required: true },
    username: { type: String, required: true },
    balances: { type: Object, default: {} },
    version: { type: Number, default: 0 },
    appliedOps: { type: [String], default: [] },
    outbox: outboxField,
  },
  { ...opts, collection: 'stashes' },
);

/**
 * A multi-document change of one stash (an upload batch, a stack split): written first with its plan (the
 * new ids included), then applied step by step (each step guarded, so applying again changes nothing),
 * then marked done. A crash leaves it pending; the sweep (and a retry of the same upload) finishes it.
 * An upload's `_id` is `upload:` + the fingerprint of participant and items, so a retried batch is stored once.
 */
const stashOpSchema = new Schema(
  {
    _id: String,
    kind: { type: String, required: true },
    seasonParticipantId: { type: Number, required: true },
    state: { type: String, required: true },
    payload: { type: Object, required: true },
    createdAt: { type: Date, required: true },
  },
  { ...opts, collection: 'stashOps' },
);
stashOpSchema.index({ state: 1 });

/** One settlement of the trade saga (`_id` = settlementId): the checked plan, progress and the outcome event. */
const settlementSchema = new Schema(
  {
    _id: String,
    state: { type: String, required: true },
    request: { type: Object, required: true },
    plan: { type: Object, default: null },
    stepsDone: { type: [Number], default: [] },
    reason: { type: String, default: null },
    createdAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    outbox: outboxField,
  },
  { ...opts, collection: 'settlements' },
);
settlementSchema.index({ state: 1 });

/** Roles per user (lower-cased username) from account.roles-changed.v1 and the last JWT seen. */
const stashRoleSchema = new Schema(
  { _id: String, roles: { type: [String], default: [] }, updatedAt: { type: Date, required: true } },
  { ...opts, collection: 'stashRoles' },
);

/** Display of a game record (base item or affix): seeded from item-records.json. */
const itemRecordSchema = new Schema(
  {
    _id: String,
    name: { type: String, required: true },
    rarity: { type: String, required: true },
    kind: { type: String, required: true },
    itemType: { type: String, default: null },
    levelRequirement: { type: Number, default: 0 },
    style: { type: String, default: null },
    monsterInfrequent: { type: Boolean, default: false },
    tradable: { type: Boolean, default: true },
    statTags: { type: [String], default: [] },
    statLines: { type: [Object], default: [] },
  },
  { ...opts, collection: 'itemRecords' },
);

/**
 * One document per participant (`_id` = seasonParticipantId): a token replaced after every write of that
 * participant's items, which the stash list cache (domain/stash/views.ts) compares. A fresh random token
 * rather than a counter: FerretDB can collapse two concurrent `$inc`s of one document into one.
 */
const stashViewSchema = new Schema(
  { _id: Number, token: { type: String, required: true } },
  {
    ...opts,
    collection: 'stashViews',
  },
);

export function stashModels(conn: Connection) {
  return {
    StashItem: conn.model('StashItem', stashItemSchema),
    Stash: conn.model('Stash', stashSchema),
    StashOp: conn.model('StashOp', stashOpSchema),
    Settlement: conn.model('Settlement', settlementSchema),
    StashRole: conn.model('StashRole', stashRoleSchema),
    ItemRecord: conn.model('ItemRecord', itemRecordSchema),
    StashView: conn.model('StashView', stashViewSchema),
  };
}
export type StashModels = ReturnType<typeof stashModels>;

export interface Reservation {
  reservationId: string;
  kind: 'listing' | 'offer';
  count: number;
}

export interface ListingTerms {
  tradeListingId: number | null;
  askingCurrency: string | null;
  askingPrice: number | null;
  sellerComment: string | null;
}

/** An item as stored: the launcher's fields, each present. */
export type LauncherItemDoc = LauncherItem;

export interface StashItemDoc {
  _id: number;
  seasonParticipantId: number;
  seasonId: number;
  username: string;
  item: LauncherItemDoc;
  stackCount: number;
  queued: boolean;
  gone: boolean;
  version: number;
  reservations: Reservation[];
  releasedReservations: string[];
  listing: ListingTerms | null;
  appliedOps: string[];
  batchId: string | null;
  createdAt: Date;
}

export interface StashDoc {
  _id: number;
  seasonId: number;
  username: string;
  balances: Record<string, number>;
  version: number;
  appliedOps: string[];
}

export interface ItemRecordDoc {
  _id: string;
  name: string;
  rarity: string;
  kind: 'base' | 'affix';
  itemType: string | null;
  levelRequirement: number;
  style: string | null;
  monsterInfrequent: boolean;
  tradable: boolean;
  statTags: string[];
  statLines: Array<{ statDisplay: string; statTypeId: number }>;
}
