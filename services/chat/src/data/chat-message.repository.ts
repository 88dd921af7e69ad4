import type { Model } from 'mongoose';
import type { ChatMessageDoc, DropReason } from './chat-message.model';

export interface LoggedMessage {
  timestamp: Date;
  message: string;
  channel: string;
  delivered: boolean;
  dropped?: DropReason;
}

export class ChatMessageRepository {
  constructor(private readonly model: Model<ChatMessageDoc>) {}

  async log(entry: Omit<ChatMessageDoc, 'userKey'>): Promise<void> {
    await this.model.create({ ...entry, userKey: entry.username.toLowerCase() });
  }

  /** Newest first. */
  async forUser(username: string, limit: number): Promise<LoggedMessage[]> {
    const docs = await this.model
      .find({ userKey: username.toLowerCase() })
      .sort({ timestamp: -1, _id: -1 })
      .limit(limit)
      .lean<ChatMessageDoc[]>();
    return docs.map((d) => ({
      timestamp: d.timestamp,
      message: d.message,
      channel: d.channel,
      delivered: d.delivered,
      dropped: d.dropped,
    }));
  }
}
