import { OutboxRelay, TypedQueue, type ServiceEngines } from '@league/platform';
import type { Config } from './config';
import { RedisPatreonStates } from './data/patreon-states';
import { MongoRefreshTokenRepository } from './data/refresh-token.repository';
import { refreshTokenModel } from './data/refresh-token.model';
import { userModel } from './data/user.model';
import { MongoUserRepository } from './data/user.repository';
import type { AccountDeps } from './domain/deps';
import { QueuedResetMailer, type ResetMailJob } from './mail/reset-mail';
import { argon2Hasher } from './security/password-hasher';
import { patreonProvider } from './security/patreon';
import { redisLimits } from './security/rate-limits';
import type { TokenIssuer } from './security/tokens';

export interface AccountWiring {
  deps: AccountDeps;
  sessions: MongoRefreshTokenRepository;
  relay: OutboxRelay;
  mailQueue: TypedQueue<ResetMailJob>;
  /** Resolves once the unique indexes exist: uniqueness must hold from the first request. */
  indexes: Promise<unknown>;
}

export function wireAccount(engines: ServiceEngines, config: Config, issuer: TokenIssuer): AccountWiring {
  const users = userModel(engines.mongo);
  const sessions = refreshTokenModel(engines.mongo);
  // The platform relay: it pulls published entries under the same per-document lock as the use cases'
  // writes, and reads at most `batchSize` documents per drain.
  const relay = new OutboxRelay({
    bus: engines.bus,
    logger: engines.logger,
    models: [users],
    locks: engines.locks,
    batchSize: config.OUTBOX_BATCH_SIZE,
  });
  const mailQueue = new TypedQueue<ResetMailJob>(config.MAIL_QUEUE, config.REDIS_URL);
  const sessionRepo = new MongoRefreshTokenRepository(sessions, engines.locks);
  const deps: AccountDeps = {
    users: new MongoUserRepository(users, engines.locks),
    sessions: sessionRepo,
    hasher: argon2Hasher,
    tokens: issuer,
    limits: redisLimits(engines.redis, config),
    mailer: new QueuedResetMailer(mailQueue),
    patreon: patreonProvider({
      clientId: config.PATREON_CLIENT_ID,
      clientSecret: config.PATREON_CLIENT_SECRET,
      redirectUri: config.PATREON_REDIRECT_URI,
      authorizeUrl: config.PATREON_AUTHORIZE_URL,
      tokenUrl: config.PATREON_TOKEN_URL,
      identityUrl: config.PATREON_IDENTITY_URL,
    }),
    patreonStates: new RedisPatreonStates(
      engines.redis,
      config.RATE_LIMIT_PREFIX ?? config.MONGO_DB,
      config.PATREON_STATE_TTL_SECONDS,
    ),
    settings: { refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS, resetCodeTtlMinutes: config.RESET_CODE_TTL_MINUTES },
    // The user document written (read by _id), not a sweep of every user (a scan on FerretDB).
    published: (userId) => relay.kick(userId ? { model: users, id: userId } : undefined),
    now: () => new Date(),
  };
  return { deps, sessions: sessionRepo, relay, mailQueue, indexes: Promise.all([users.init(), sessions.init()]) };
}
