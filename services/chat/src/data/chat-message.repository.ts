import type { ChatLogSort, SortDirection } from '@league/contracts';
import type { Model } from 'mongoose';
import type { ChatMessageDoc, DropReason, LinkedItem } from './chat-message.model';

export interface LoggedMessage {
  timestamp: Date;
  message: string;
  channel: string;
  delivered: boolean;
  dropped?: DropReason;
  item?: LinkedItem;
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
    return docs.map(toLogged);
  }

  /**
   * One page of a user's log, ordered in the query (then by timestamp and _id, newest first, so equal keys
   * keep a stable order across pages), with the count of every message of the user.
   */
  async pageForUser(
    username: string,
    order: { sort: ChatLogSort; dir: SortDirection },
    skip: number,
    limit: number,
  ): Promise<{ items: LoggedMessage[]; itemCount: number }> {
    const filter = { userKey: username.toLowerCase() };
    const sign = order.dir === 'asc' ? 1 : -1;
    const sort: Record<string, 1 | -1> =
      order.sort === 'timestamp' ? { timestamp: sign, _id: sign } : { [order.sort]: sign, timestamp: -1, _id: -1 };
    const [docs, itemCount] = await Promise.all([
      this.model.find(filter).sort(sort).skip(skip).limit(limit).lean<ChatMessageDoc[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: docs.map(toLogged), itemCount };
  }
}

const toLogged = (d: ChatMessageDoc): LoggedMessage => ({
  timestamp: d.timestamp,
  message: d.message,
  channel: d.channel,
  delivered: d.delivered,
  dropped: d.dropped,
  item: d.item,
});
