import type { RefreshSession, RefreshTokenRepository } from '../domain/ports';
import type { RefreshTokenDoc, RefreshTokenModel } from './refresh-token.model';
import type { WriteLock } from './write-lock';

export class MongoRefreshTokenRepository implements RefreshTokenRepository {
  constructor(
    private readonly model: RefreshTokenModel,
    private readonly lock: WriteLock,
  ) {}

  async insert(session: Omit<RefreshSession, 'usedAt' | 'revokedAt'>, now: Date) {
    return this.lock.run(async () => {
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

  async markUsed(tokenHash: string, now: Date) {
    return this.lock.run(async () => {
      const res = await this.model.collection.updateOne({ _id: tokenHash, usedAt: null, revokedAt: null } as never, {
        $set: { usedAt: now },
      });
      return res.modifiedCount === 1;
    });
  }

  async revokeFamily(familyId: string, now: Date) {
    return this.lock.run(async () => {
      await this.model.collection.updateMany({ familyId, revokedAt: null }, { $set: { revokedAt: now } });
    });
  }

  async revokeAllForUser(userId: string, now: Date) {
    return this.lock.run(async () => {
      await this.model.collection.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now } });
    });
  }

  /** Expired tokens can neither be used nor reveal reuse any more; no TTL indexes on FerretDB, so sweep. */
  async deleteExpired(now: Date) {
    return this.lock.run(async () => {
      const res = await this.model.collection.deleteMany({ expiresAt: { $lt: now } });
      return res.deletedCount;
    });
  }

  async trimLive(userId: string, keep: number) {
    return this.lock.run(async () => {
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
