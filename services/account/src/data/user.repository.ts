import type { OutboxEntry } from '@league/platform';
import type { NewUser, User, UserRepository } from '../domain/ports';
import { emailKey, usernameKey } from '../domain/rules';
import type { UserDoc, UserModel } from './user.model';
import type { WriteLock } from './write-lock';

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

export class MongoUserRepository implements UserRepository {
  constructor(
    private readonly model: UserModel,
    private readonly lock: WriteLock,
  ) {}

  private async one(filter: Record<string, unknown>): Promise<User | undefined> {
    const doc = await this.model.findOne(filter).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async create(user: NewUser, event: OutboxEntry) {
    return this.lock.run(async () => {
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
    });
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
    return this.lock.run(async () => {
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
    return this.lock.run(async () => {
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
    return this.lock.run(async () => {
      await this.model.collection.updateOne({ _id: id } as never, { $set: { reset } });
    });
  }

  async countResetAttempt(id: string, codeHash: string) {
    return this.lock.run(async () => {
      const doc = await this.model.collection.findOneAndUpdate(
        { _id: id, 'reset.codeHash': codeHash } as never,
        { $inc: { 'reset.attempts': 1 } },
        { returnDocument: 'after' },
      );
      return (doc as unknown as UserDoc | null)?.reset?.attempts ?? 0;
    });
  }

  async consumeResetCode(id: string, codeHash: string, now: Date, passwordHash: string) {
    return this.lock.run(async () => {
      const res = await this.model.collection.updateOne(
        { _id: id, 'reset.codeHash': codeHash, 'reset.expiresAt': { $gt: now } } as never,
        { $set: { passwordHash, reset: null } },
      );
      return res.modifiedCount === 1;
    });
  }

  async linkPatreon(id: string, patreonId: string, at: Date) {
    return this.lock.run(async () => {
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
