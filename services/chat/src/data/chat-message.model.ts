import { Schema, type Connection, type Model } from 'mongoose';

export type DropReason = 'banned' | 'too-long' | 'flood' | 'offline' | 'muted';

/** Every message a user sends, written before it is fanned out; `message` is the readable text. */
export interface ChatMessageDoc {
  username: string;
  userKey: string;
  message: string;
  /** As the game sent it (byte pairs), for the record. */
  raw: string;
  channel: string;
  timestamp: Date;
  delivered: boolean;
  dropped?: DropReason;
  /** The item the message links (the game's item JSON, its records), when it links one. */
  item?: LinkedItem;
}

/** A chat item link's records: base item, prefix and suffix (the launcher's item JSON `name`, `prefix`, `suffix`). */
export interface LinkedItem {
  name: string;
  prefix: string;
  suffix: string;
}

const schema = new Schema<ChatMessageDoc>(
  {
    username: { type: String, required: true },
    userKey: { type: String, required: true },
    message: { type: String, required: true },
    raw: { type: String, required: true },
    channel: { type: String, required: true },
    timestamp: { type: Date, required: true },
    delivered: { type: Boolean, required: true },
    dropped: { type: String },
    item: { type: Object },
  },
  { collection: 'chat_messages', versionKey: false },
);
schema.index({ userKey: 1, timestamp: -1 });
// The admin chat log sorted by channel (MongoDB 7 walks this instead of sorting the user's log in memory).
schema.index({ userKey: 1, channel: 1, timestamp: -1 });

export const chatMessageModel = (conn: Connection): Model<ChatMessageDoc> =>
  (conn.models.ChatMessage as Model<ChatMessageDoc> | undefined) ?? conn.model<ChatMessageDoc>('ChatMessage', schema);
