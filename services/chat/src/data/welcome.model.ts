import { Schema, type Connection, type Model } from 'mongoose';

export interface StoredWelcomeMessage {
  chatSystemMessageId: number;
  message: string;
  timestamp: Date;
  displayOrder: number;
}

/**
 * All welcome messages live in one document, so saving the whole ordered list is one atomic write
 * (no transactions on FerretDB) and ids come from the same document's counter.
 */
export interface WelcomeDoc {
  _id: string;
  messages: StoredWelcomeMessage[];
  nextId: number;
  version: number;
}

const schema = new Schema<WelcomeDoc>(
  {
    _id: { type: String, required: true },
    messages: { type: [Object], default: [] },
    nextId: { type: Number, default: 1 },
    version: { type: Number, default: 0 },
  },
  { collection: 'chat_settings', versionKey: false },
);

export const welcomeModel = (conn: Connection): Model<WelcomeDoc> =>
  (conn.models.ChatWelcome as Model<WelcomeDoc> | undefined) ?? conn.model<WelcomeDoc>('ChatWelcome', schema);
