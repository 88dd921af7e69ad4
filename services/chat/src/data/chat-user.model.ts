import { outboxField, type OutboxEntry } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';

export interface BanPeriod {
  banStart: Date;
  /** null while the ban lasts. */
  banEnd: Date | null;
}

/** One per user chat has heard of; keyed by the lower-cased username so names are unique regardless of case. */
export interface ChatUserDoc {
  _id: string;
  username: string;
  banned: boolean;
  banHistory: BanPeriod[];
  /** Display names of the users this user muted. */
  mutes: string[];
  /** Optimistic-concurrency guard for read-modify-write updates (no transactions, no arrayFilters). */
  version: number;
  outbox: OutboxEntry[];
}

const schema = new Schema<ChatUserDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    banned: { type: Boolean, default: false, index: true },
    banHistory: { type: [Object], default: [] },
    mutes: { type: [String], default: [] },
    version: { type: Number, default: 0 },
    outbox: { ...outboxField, type: [Object], default: [] },
  },
  { collection: 'chat_users', versionKey: false },
);

export const chatUserModel = (conn: Connection): Model<ChatUserDoc> =>
  (conn.models.ChatUser as Model<ChatUserDoc> | undefined) ?? conn.model<ChatUserDoc>('ChatUser', schema);
