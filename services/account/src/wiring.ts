import { OutboxRelay, TypedQueue, type ServiceEngines } from '@league/platform';
import type { Config } from './config';
import { RedisAttempts } from './data/attempts';
import { MongoRefreshTokenRepository } from './data/refresh-token.repository';
import { refreshTokenModel } from './data/refresh-token.model';
import { userModel } from './data/user.model';
import { MongoUserRepository } from './data/user.repository';
import type { AccountDeps } from './domain/deps';
import { QueuedResetMailer, type ResetMailJob } from './mail/reset-mail';
import { argon2Hasher } from './security/password-hasher';
import { patreonProvider } from './security/patreon';
import type { TokenIssuer } from './security/tokens';

export interface AccountWiring {
  deps: AccountDeps;
  relay: OutboxRelay;
  mailQueue: TypedQueue<ResetMailJob>;
  /** Resolves once the unique indexes exist: uniqueness must hold from the first request. */
  indexes: Promise<unknown>;
}

export function wireAccount(engines: ServiceEngines, config: Config, issuer: TokenIssuer): AccountWiring {
  const users = userModel(engines.mongo);
  const sessions = refreshTokenModel(engines.mongo);
  const relay = new OutboxRelay({ bus: engines.bus, logger: engines.logger, models: [users] });
  const mailQueue = new TypedQueue<ResetMailJob>(config.MAIL_QUEUE, config.REDIS_URL);
  const deps: AccountDeps = {
    users: new MongoUserRepository(users),
    sessions: new MongoRefreshTokenRepository(sessions),
    hasher: argon2Hasher,
    tokens: issuer,
    attempts: new RedisAttempts(engines.redis),
    mailer: new QueuedResetMailer(mailQueue),
    patreon: patreonProvider({
      clientId: config.PATREON_CLIENT_ID,
      clientSecret: config.PATREON_CLIENT_SECRET,
      redirectUri: config.PATREON_REDIRECT_URI,
      tokenUrl: config.PATREON_TOKEN_URL,
      identityUrl: config.PATREON_IDENTITY_URL,
    }),
    settings: { refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS, resetCodeTtlMinutes: config.RESET_CODE_TTL_MINUTES },
    published: () => relay.kick(),
    now: () => new Date(),
  };
  return { deps, relay, mailQueue, indexes: Promise.all([users.init(), sessions.init()]) };
}
