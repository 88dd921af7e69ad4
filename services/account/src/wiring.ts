import {
  OutboxRelay,
  TypedQueue,
  type EventBus,
  type Logger,
  type OutboxEntry,
  type ServiceEngines,
} from '@league/platform';
import type { Config } from './config';
import { RedisAttempts } from './data/attempts';
import { MongoRefreshTokenRepository } from './data/refresh-token.repository';
import { refreshTokenModel } from './data/refresh-token.model';
import { userModel, type UserModel } from './data/user.model';
import { MongoUserRepository } from './data/user.repository';
import type { AccountDeps } from './domain/deps';
import { QueuedResetMailer, type ResetMailJob } from './mail/reset-mail';
import { WriteLock } from './data/write-lock';
import { argon2Hasher } from './security/password-hasher';
import { patreonProvider } from './security/patreon';
import type { TokenIssuer } from './security/tokens';

export interface AccountWiring {
  deps: AccountDeps;
  sessions: MongoRefreshTokenRepository;
  relay: OutboxRelay;
  mailQueue: TypedQueue<ResetMailJob>;
  /** Resolves once the unique indexes exist: uniqueness must hold from the first request. */
  indexes: Promise<unknown>;
}

/**
 * The platform relay, with its `$pull` taking the same lock as the use cases (see write-lock.ts). Only
 * the write is locked, never the Kafka publish, so a slow broker does not stall logins.
 */
class LockedOutboxRelay extends OutboxRelay {
  constructor(
    private readonly options: { bus: EventBus; logger: Logger; model: UserModel },
    private readonly lock: WriteLock,
  ) {
    super({ ...options, models: [options.model] });
  }

  override async drain(): Promise<number> {
    const { bus, model } = this.options;
    let published = 0;
    const docs = await model.collection
      .find({ 'outbox.0': { $exists: true } }, { projection: { outbox: 1 } })
      .limit(100)
      .toArray();
    for (const doc of docs) {
      for (const entry of (doc.outbox ?? []) as OutboxEntry[]) {
        await bus.publishEnvelope(entry.topic, entry.envelope, entry.key);
        await this.lock.run(() => model.collection.updateOne({ _id: doc._id }, { $pull: { outbox: entry } } as never));
        published += 1;
      }
    }
    return published;
  }
}

export function wireAccount(engines: ServiceEngines, config: Config, issuer: TokenIssuer): AccountWiring {
  const users = userModel(engines.mongo);
  const sessions = refreshTokenModel(engines.mongo);
  const lock = new WriteLock();
  const relay = new LockedOutboxRelay({ bus: engines.bus, logger: engines.logger, model: users }, lock);
  const mailQueue = new TypedQueue<ResetMailJob>(config.MAIL_QUEUE, config.REDIS_URL);
  const sessionRepo = new MongoRefreshTokenRepository(sessions, lock);
  const deps: AccountDeps = {
    users: new MongoUserRepository(users, lock),
    sessions: sessionRepo,
    hasher: argon2Hasher,
    tokens: issuer,
    attempts: new RedisAttempts(engines.redis),
    mailer: new QueuedResetMailer(mailQueue),
    patreon: patreonProvider({
      clientId: config.PATREON_CLIENT_ID,
      clientSecret: config.PATREON_CLIENT_SECRET,
      redirectUri: config.PATREON_REDIRECT_URI,
      authorizeUrl: config.PATREON_AUTHORIZE_URL,
      tokenUrl: config.PATREON_TOKEN_URL,
      identityUrl: config.PATREON_IDENTITY_URL,
    }),
    settings: { refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS, resetCodeTtlMinutes: config.RESET_CODE_TTL_MINUTES },
    published: () => relay.kick(),
    now: () => new Date(),
  };
  return { deps, sessions: sessionRepo, relay, mailQueue, indexes: Promise.all([users.init(), sessions.init()]) };
}
