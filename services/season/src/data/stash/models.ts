import type { DuplicateReviewState, LauncherItem, UploadChannel } from '@league/contracts';
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
    /** Held for review as a suspected duplicate (not listable, offerable or withdrawable until released). */
    held: { type: Boolean, default: false },
    /** The item instance it is a copy of (itemInstances `_id`); null for what has no identity (stackables, seed 0). */
    instanceId: { type: String, default: null },
    /** The upload it arrived through (`cloud-upload`, `shared-stash`); null when it came otherwise (a split). */
    via: { type: String, default: null },
    createdAt: { type: Date, required: true },
    outbox: outboxField,
  },
  { ...opts, collection: 'stashItems' },
);

/**
 * One item instance of a season (`_id` = `<seasonId>:<identity hash>`, domain/stash/instances.ts): the unique
 * key that finds every earlier copy of an uploaded item by one indexed lookup. `lines` are the copies that
 * count as the instance (the first upload; a copy its holder brought back from the game replaces its line;
 * a released copy adds one); `copies` lists every upload of it (held or not); `trades` the settlements that
 * moved it. Read-check-writes run under its lock (`itemInstances:<_id>`), guarded by `version`.
 */
const itemInstanceSchema = new Schema(
  {
    _id: String,
    seasonId: { type: Number, required: true },
    lines: { type: [Number], default: [] },
    copies: { type: [Object], default: [] },
    trades: { type: [Object], default: [] },
    version: { type: Number, default: 1 },
  },
  { ...opts, collection: 'itemInstances' },
);

/**
 * The admin's review of one held copy (`_id` = the held copy's participantItemId): its state (held →
 * released | removed), what the list shows without a join (season, item name, holder, when) and every
 * action with the admin's name.
 */
const duplicateReviewSchema = new Schema(
  {
    _id: Number,
    seasonId: { type: Number, required: true },
    instanceId: { type: String, required: true },
    state: { type: String, required: true },
    itemName: { type: String, required: true },
    record: { type: String, required: true },
    holder: { type: String, required: true },
    seasonParticipantId: { type: Number, required: true },
    heldAt: { type: Date, required: true },
    actions: { type: [Object], default: [] },
  },
  { ...opts, collection: 'duplicateReviews' },
);
duplicateReviewSchema.index({ state: 1 });

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
    /** An upload's items stored held for review (set when it is done; a retry answers their count). */
    held: { type: [Number], default: undefined },
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

export function stashModels(conn: Connection) {
  return {
    StashItem: conn.model('StashItem', stashItemSchema),
    Stash: conn.model('Stash', stashSchema),
    StashOp: conn.model('StashOp', stashOpSchema),
    Settlement: conn.model('Settlement', settlementSchema),
    StashRole: conn.model('StashRole', stashRoleSchema),
    ItemRecord: conn.model('ItemRecord', itemRecordSchema),
    ItemInstance: conn.model('ItemInstance', itemInstanceSchema),
    DuplicateReview: conn.model('DuplicateReview', duplicateReviewSchema),
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
  /** Absent on items stored before issue 29 (= false / null). */
  held?: boolean;
  instanceId?: string | null;
  via?: UploadChannel | null;
  createdAt: Date;
}

/** One upload of an instance (held or not). */
export interface InstanceCopy {
  participantItemId: number;
  seasonParticipantId: number;
  username: string;
  arrivedAt: Date;
  via: UploadChannel;
  opId: string;
  held: boolean;
}

export interface InstanceTrade {
  settlementId: string;
  participantItemId: number;
  fromId: number;
  from: string;
  toId: number;
  to: string;
  at: Date;
}

export interface ItemInstanceDoc {
  _id: string;
  seasonId: number;
  lines: number[];
  copies: InstanceCopy[];
  trades: InstanceTrade[];
  version: number;
}

export interface DuplicateAction {
  action: DuplicateReviewState;
  by: string;
  at: Date;
}

export interface DuplicateReviewDoc {
  _id: number;
  seasonId: number;
  instanceId: string;
  state: DuplicateReviewState;
  itemName: string;
  record: string;
  holder: string;
  seasonParticipantId: number;
  heldAt: Date;
  actions: DuplicateAction[];
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
