import { aggregateKey, upsertRacing, type Locks, type OutboxEntry } from '@league/platform';
import type { Model } from 'mongoose';
import type { BanPeriod, ChatUserDoc } from './chat-user.model';

export const userKey = (username: string) => username.toLowerCase();

export interface ChatUser {
  key: string;
  username: string;
  banned: boolean;
  banHistory: BanPeriod[];
  mutes: string[];
  version: number;
}

const plain = (d: ChatUserDoc): ChatUser => ({
  key: d._id,
  username: d.username,
  banned: d.banned,
  banHistory: (d.banHistory ?? []).map((p) => ({
    banStart: new Date(p.banStart),
    banEnd: p.banEnd ? new Date(p.banEnd) : null,
  })),
  mutes: d.mutes ?? [],
  version: d.version ?? 0,
});

/** A change computed from the current state; undefined = nothing to write. */
export type Change =
  { set: Partial<Pick<ChatUser, 'banned' | 'banHistory' | 'mutes'>>; event?: OutboxEntry } | undefined;

export class ChatUserRepository {
  constructor(
    private readonly model: Model<ChatUserDoc>,
    /** FerretDB does not isolate concurrent updates of one document, so the version guard alone can let two writers through. */
    private readonly locks?: Locks,
  ) {}

  async find(username: string): Promise<ChatUser | undefined> {
    const doc = await this.model.findById(userKey(username)).lean<ChatUserDoc>();
    return doc ? plain(doc) : undefined;
  }

  /**
   * Makes the user known to chat (first ticket, first ban); keeps the first spelling of the name. A known
   * user is only read; the first write holds the user's lock, as every write of a document whose outbox the
   * relay drains must (FerretDB does not isolate concurrent updates of one document).
   */
  async ensure(username: string): Promise<ChatUser> {
    const known = await this.find(username);
    if (known) return known;
    if (!this.locks) return this.ensureUnlocked(username);
    return this.locks.withLock(aggregateKey('chat_users', userKey(username)), () => this.ensureUnlocked(username));
  }

  private async ensureUnlocked(username: string): Promise<ChatUser> {
    // Two first sightings at once: one insert wins, the other reads it on the retry.
    const doc = await upsertRacing(() =>
      this.model
        .findOneAndUpdate(
          { _id: userKey(username) },
          { $setOnInsert: { username, banned: false, banHistory: [], mutes: [], version: 0, outbox: [] } },
          { upsert: true, new: true },
        )
        .lean<ChatUserDoc>()
        .exec(),
    );
    return plain(doc!);
  }

  /**
   * Read, decide, write guarded by the version: the write lands only if nobody changed the user in
   * between; otherwise decide again on the fresh state. The event rides in the same single-document write.
   */
  async update<R>(username: string, decide: (user: ChatUser) => { change: Change; result: R }): Promise<R> {
    if (!this.locks) return this.updateGuarded(username, decide);
    return this.locks.withLock(aggregateKey('chat_users', userKey(username)), () =>
      this.updateGuarded(username, decide),
    );
  }

  private async updateGuarded<R>(
    username: string,
    decide: (user: ChatUser) => { change: Change; result: R },
  ): Promise<R> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const user = await this.ensureUnlocked(username);
      const { change, result } = decide(user);
      if (!change) return result;
      const res = await this.model.collection.updateOne(
        { _id: user.key, version: user.version } as never,
        {
          $set: { ...change.set, version: user.version + 1 },
          ...(change.event ? { $push: { outbox: change.event } } : {}),
        } as never,
      );
      if (res.modifiedCount === 1) return result;
    }
    throw new Error(`chat user ${username} is changing too often to update`);
  }

  async listBanned(): Promise<ChatUser[]> {
    const docs = await this.model.find({ banned: true }).sort({ _id: 1 }).lean<ChatUserDoc[]>();
    return docs.map(plain);
  }

  /** One page of the banned users by name (the key is the lower-cased name), with the count of all of them. */
  async pageBannedByName(
    dir: 'asc' | 'desc',
    skip: number,
    limit: number,
  ): Promise<{ items: ChatUser[]; itemCount: number }> {
    const filter = { banned: true };
    const [docs, itemCount] = await Promise.all([
      this.model
        .find(filter)
        .sort({ _id: dir === 'asc' ? 1 : -1 })
        .skip(skip)
        .limit(limit)
        .lean<ChatUserDoc[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: docs.map(plain), itemCount };
  }
}
