import { isDuplicateKey, type Logger } from '@league/platform';
import type Redis from 'ioredis';
import { Schema, type Connection, type Model } from 'mongoose';
import type { NotificationDoc } from '../domain/ports';
import type { MatchNotificationDoc, SavedSearchDoc, SavedSearchStore, SavedSearchSync } from '../domain/saved-searches';

/* eslint-disable @typescript-eslint/no-explicit-any */
const plain = <T>(doc: unknown) => doc as T;

export function savedSearchModel(conn: Connection): Model<SavedSearchDoc> {
  const schema = new Schema<SavedSearchDoc>(
    {
      _id: Number,
      seasonId: { type: Number, index: true },
      seasonParticipantId: { type: Number, index: true },
      name: String,
      searchTerm: { type: String, default: null },
      filter: { type: String, default: null },
      itemType: { type: Number, default: null },
      minLevel: { type: Number, default: null },
      maxLevel: { type: Number, default: null },
      rarity: { type: String, default: null },
      maxPriceCurrency: { type: String, default: null },
      maxPrice: { type: Number, default: null },
      paused: { type: Boolean, default: false, index: true },
      lastRunAt: { type: Date, default: null },
      createdOn: Date,
      updatedOn: Date,
    },
    { versionKey: false, _id: false },
  );
  return conn.model<SavedSearchDoc>('SavedSearch', schema, 'savedSearches');
}

/**
 * Saved searches over mongoose (equality filters only, which FerretDB pushes down), and the bulk write of
 * their 'New Match' notifications into trade's `notifications` collection (whose `key` is unique).
 */
export class MongoSavedSearchStore implements SavedSearchStore {
  constructor(
    private readonly searches: Model<SavedSearchDoc>,
    private readonly notifications: Model<NotificationDoc>,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private get seqKey() {
    return `${this.prefix}seq:SavedSearch`;
  }

  /** Raises the id sequence above the highest stored id (first start, or Redis lost its data). */
  async initSequence(): Promise<void> {
    const top = await this.searches.collection
      .find({}, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .limit(1)
      .toArray();
    const floor = Number(top[0]?._id ?? 0);
    await this.redis.eval(
      `local cur = tonumber(redis.call('get', KEYS[1]) or '0') if cur < tonumber(ARGV[1]) then redis.call('set', KEYS[1], ARGV[1]) end return 1`,
      1,
      this.seqKey,
      String(floor),
    );
  }

  nextId() {
    return this.redis.incr(this.seqKey);
  }

  async savedSearch(id: number) {
    return plain<SavedSearchDoc | null>(await this.searches.findById(id).lean());
  }

  async savedSearchesOf(participantId: number) {
    return plain<SavedSearchDoc[]>(await this.searches.find({ seasonParticipantId: participantId }).lean());
  }

  async activeSavedSearches() {
    return plain<SavedSearchDoc[]>(await this.searches.collection.find({ paused: false }).toArray());
  }

  async insertSavedSearch(doc: SavedSearchDoc) {
    await this.searches.collection.insertOne(doc as any);
  }

  async updateSavedSearch(id: number, set: Partial<SavedSearchDoc>) {
    const res = await this.searches.collection.updateOne({ _id: id } as any, { $set: set });
    if (res.matchedCount !== 1) return null;
    return this.savedSearch(id);
  }

  async deleteSavedSearch(id: number) {
    await this.searches.deleteOne({ _id: id });
  }

  async addMatchNotifications(docs: MatchNotificationDoc[]) {
    if (!docs.length) return [];
    try {
      await this.notifications.collection.insertMany(docs as any[], { ordered: false });
      return docs;
    } catch (err) {
      // Unordered: every document but the duplicates (a redelivery: the key is already stored) was written.
      const e = err as {
        code?: number;
        writeErrors?: { index: number; code: number }[] | { index: number; code: number };
      };
      const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
      if (!writeErrors.length && !isDuplicateKey(e)) throw err;
      if (!writeErrors.every(isDuplicateKey)) throw err;
      const failed = new Set(writeErrors.map((w) => w.index));
      if (!writeErrors.length) failed.add(0);
      return docs.filter((_, i) => !failed.has(i));
    }
  }

  async matchNotificationsOf(participantId: number) {
    const docs = await this.notifications.collection
      .find(
        { seasonParticipantId: participantId, status: 'New Match' },
        { projection: { savedSearchId: 1, createdOn: 1 } },
      )
      .toArray();
    return plain<Pick<MatchNotificationDoc, 'savedSearchId' | 'createdOn'>[]>(docs);
  }
}

/**
 * Keeps every replica's saved search index fresh: a change is announced on a Redis channel and the other
 * replicas reload that search by id (as the search index does for listings, see push.ts). The subscriber
 * is a connection of its own (a subscribed connection can do nothing else). At most once; the full
 * reload on the resync timer repairs a missed message.
 */
export class RedisSavedSearchSync implements SavedSearchSync {
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    private readonly instance: string,
    private readonly logger: Logger,
  ) {
    this.channel = `${prefix}saved-searches`;
  }

  async start(onChange: (searchId: number) => void): Promise<void> {
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const m = JSON.parse(raw) as { id: number; from: string };
        if (m.from !== this.instance) onChange(m.id);
      } catch (err) {
        this.logger.warn({ err }, 'unreadable saved search message dropped');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  changed(searchId: number): void {
    this.publisher
      .publish(this.channel, JSON.stringify({ id: searchId, from: this.instance }))
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'saved search change publish failed');
      });
  }

  async stop(): Promise<void> {
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    this.subscriber.disconnect();
  }
}
