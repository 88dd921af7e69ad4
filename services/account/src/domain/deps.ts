import type {
  AccessTokenIssuer,
  Limits,
  PasswordHasher,
  PatreonIdentityProvider,
  PatreonStates,
  RefreshTokenRepository,
  ResetMailer,
  UserRepository,
} from './ports';

/** Everything the use cases reach outside themselves; server.ts wires the real ones. */
export interface AccountDeps {
  users: UserRepository;
  sessions: RefreshTokenRepository;
  hasher: PasswordHasher;
  tokens: AccessTokenIssuer;
  limits: Limits;
  mailer: ResetMailer;
  patreon: PatreonIdentityProvider;
  patreonStates: PatreonStates;
  settings: { refreshTtlDays: number; resetCodeTtlMinutes: number };
  /** Asks the outbox relay to publish now rather than on its next tick: the user document just written. */
  published: (userId?: string) => void;
  now: () => Date;
}
