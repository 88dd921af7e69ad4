import type { RefreshSession, RefreshTokenRepository } from '../domain/ports';
import type { RefreshTokenDoc, RefreshTokenModel } from './refresh-token.model';
import { aggregateKey, type Locks } from '@league/platform';

/**
 * Refresh tokens in MongoDB. Every write of one user's tokens runs under that user's lock (the platform's
 * Redis lock, shared by every replica): FerretDB does not isolate concurrent updates, and `markUsed`
 * racing `revokeFamily` must not write a revoked token back as live.
 */
export class MongoRefreshTokenRepository implements RefreshTokenRepository {
  constructor(
    private readonly model: RefreshTokenModel,
    private readonly locks: Locks,
  ) {}

  private forUser<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.withLock(aggregateKey('refresh_tokens-user', userId), fn);
  }

  async insert(session: Omit<RefreshSession, 'usedAt' | 'revokedAt'>, now: Date) {
    return this.forUser(session.userId, async () => {
      await this.model.create({
        _id: session.tokenHash,
        userId: session.userId,
        familyId: session.familyId,
        expiresAt: session.expiresAt,
        usedAt: null,
        revokedAt: null,
        createdAt: now,
      });
    });
  }

  async find(tokenHash: string): Promise<RefreshSession | undefined> {
    const d = await this.model.findById(tokenHash).lean<RefreshTokenDoc>();
    if (!d) return undefined;
    return {
      tokenHash: d._id,
      userId: d.userId,
      familyId: d.familyId,
      expiresAt: d.expiresAt,
      usedAt: d.usedAt ?? null,
      revokedAt: d.revokedAt ?? null,
    };
  }

  async markUsed(session: Pick<RefreshSession, 'tokenHash' | 'userId'>, now: Date) {
    return this.forUser(session.userId, async () => {
      const filter = { _id: session.tokenHash, usedAt: null, revokedAt: null };
      const res = await this.model.collection.updateOne(filter as never, {
        $set: { usedAt: now },
      });
      return res.modifiedCount === 1;
    });
  }

  async revokeFamily(session: Pick<RefreshSession, 'familyId' | 'userId'>, now: Date) {
    return this.forUser(session.userId, async () => {
      await this.model.collection.updateMany(
        { familyId: session.familyId, revokedAt: null },
        { $set: { revokedAt: now } },
      );
    });
  }

  async revokeAllForUser(userId: string, now: Date) {
    return this.forUser(userId, async () => {
      await this.model.collection.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
    });
  }

  /**
   * Expired tokens can neither be used nor reveal reuse any more; no TTL indexes on FerretDB, so sweep.
   * Not under a user's lock: it only deletes documents nothing will write again.
   */
  async deleteExpired(now: Date) {
    const res = await this.model.collection.deleteMany({ expiresAt: { $lt: now } });
    return res.deletedCount;
  }

  async trimLive(userId: string, keep: number) {
    return this.forUser(userId, async () => {
      const stale = await this.model.collection
        .find({ userId, usedAt: null, revokedAt: null }, { projection: { _id: 1 } })
        .sort({ createdAt: -1 })
        .skip(keep)
        .toArray();
      if (!stale.length) return 0;
      const res = await this.model.collection.deleteMany({ _id: { $in: stale.map((d) => d._id) } });
      return res.deletedCount;
    });
  }
}
