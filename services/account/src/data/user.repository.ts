import { aggregateKey, type Locks, type OutboxEntry } from '@league/platform';
import type { NewUser, User, UserRepository } from '../domain/ports';
import { emailKey, usernameKey } from '../domain/rules';
import type { UserDoc, UserModel } from './user.model';

/** The collection's name: the outbox relay locks `aggregateKey('users', _id)` too, when it pulls. */
export const USERS = 'users';

const toUser = (d: UserDoc): User => ({
  id: d._id,
  username: d.username,
  email: d.email,
  passwordHash: d.passwordHash,
  roles: d.roles ?? [],
  rolesVersion: d.rolesVersion ?? 0,
  twitchUrl: d.twitchUrl ?? null,
  youtubeUrl: d.youtubeUrl ?? null,
  patreonId: d.patreonId ?? undefined,
  reset: d.reset ? { ...d.reset, expiresAt: new Date(d.reset.expiresAt) } : null,
  createdAt: d.createdAt,
});

// MongoDB says 11000; FerretDB says 11000 on insert but passes SQLite's own error through on update.
const isDuplicate = (err: unknown) =>
  (err as { code?: number }).code === 11000 || /UNIQUE constraint failed|duplicate key/.test(String(err));

/**
 * Users in MongoDB. FerretDB (our local store) does not isolate concurrent updates of one document, so
 * every write runs under the platform's Redis lock of that document, shared by every replica: the
 * conditional updates (`rolesVersion`, the reset code) are then real compare-and-sets, and the relay's
 * `$pull` of published events (same key) cannot write back stale fields. A new user is created under the
 * locks of its username and email keys, so two replicas registering one name cannot both pass the check.
 */
export class MongoUserRepository implements UserRepository {
  constructor(
    private readonly model: UserModel,
    private readonly locks: Locks,
  ) {}

  private onUser<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.withLock(aggregateKey(USERS, id), fn);
  }

  private async one(filter: Record<string, unknown>): Promise<User | undefined> {
    const doc = await this.model.findOne(filter).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async create(user: NewUser, event: OutboxEntry): Promise<'created' | 'username' | 'email'> {
    // Always username before email, so two creations never wait on each other in opposite order.
    return this.locks.withLock(aggregateKey('users-username', usernameKey(user.username)), () =>
      this.locks.withLock(aggregateKey('users-email', emailKey(user.email)), () => this.insert(user, event)),
    );
  }

  private async insert(user: NewUser, event: OutboxEntry): Promise<'created' | 'username' | 'email'> {
    if (await this.findByUsername(user.username)) return 'username';
    if (await this.findByEmail(user.email)) return 'email';
    try {
      await this.model.create({
        _id: user.id,
        username: user.username,
        usernameKey: usernameKey(user.username),
        email: user.email,
        emailKey: emailKey(user.email),
        passwordHash: user.passwordHash,
        roles: user.roles,
        rolesVersion: 0,
        createdAt: user.createdAt,
        outbox: [event],
      });
      return 'created' as const;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
      // FerretDB does not always name the index in the error: ask which key is taken.
      return (await this.findByUsername(user.username)) ? ('username' as const) : ('email' as const);
    }
  }

  findById(id: string) {
    return this.one({ _id: id });
  }

  findByUsername(username: string) {
    return this.one({ usernameKey: usernameKey(username) });
  }

  findByEmail(email: string) {
    return this.one({ emailKey: emailKey(email) });
  }

  async replaceRoles(id: string, expectedVersion: number, roles: string[], event: OutboxEntry) {
    return this.onUser(id, async () => {
      const res = await this.model.collection.updateOne(
        { _id: id, rolesVersion: expectedVersion } as never,
        {
          $set: { roles },
          $inc: { rolesVersion: 1 },
          $push: { outbox: event },
        } as never,
      );
      return res.modifiedCount === 1;
    });
  }

  async setSocials(id: string, socials: { twitchUrl: string | null; youtubeUrl: string | null }, event: OutboxEntry) {
    return this.onUser(id, async () => {
      await this.model.collection.updateOne(
        { _id: id } as never,
        {
          $set: socials,
          $push: { outbox: event },
        } as never,
      );
    });
  }

  async setReset(id: string, reset: { codeHash: string; expiresAt: Date; attempts: number }) {
    return this.onUser(id, async () => {
      await this.model.collection.updateOne({ _id: id } as never, { $set: { reset } });
    });
  }

  async consumeResetCode(id: string, codeHash: string, now: Date, passwordHash: string) {
    return this.onUser(id, async () => {
      const res = await this.model.collection.updateOne(
        { _id: id, 'reset.codeHash': codeHash, 'reset.expiresAt': { $gt: now } } as never,
        { $set: { passwordHash, reset: null } },
      );
      return res.modifiedCount === 1;
    });
  }

  async linkPatreon(id: string, patreonId: string, at: Date) {
    // The Patreon id's lock first, then the user's: one Patreon account cannot be linked twice at once.
    return this.locks.withLock(aggregateKey('users-patreon', patreonId), () => this.linkUnderLock(id, patreonId, at));
  }

  private async linkUnderLock(id: string, patreonId: string, at: Date) {
    return this.onUser(id, async () => {
      if (await this.model.exists({ patreonId, _id: { $ne: id } })) return 'taken' as const;
      try {
        await this.model.collection.updateOne({ _id: id } as never, {
          $set: { patreonId, patreonConnectedAt: at },
        });
        return 'linked' as const;
      } catch (err) {
        if (isDuplicate(err)) return 'taken' as const;
        throw err;
      }
    });
  }

  async supporterNames(role: string) {
    const docs = await this.model.find({ roles: role }, { username: 1 }).lean<Array<Pick<UserDoc, 'username'>>>();
    return docs.map((d) => d.username).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }
}
