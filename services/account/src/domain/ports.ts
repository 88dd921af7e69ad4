import type { OutboxEntry } from '@league/platform';

/** A user as the use cases see it: a plain object, no driver types. */
export interface User {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  roles: string[];
  rolesVersion: number;
  twitchUrl: string | null;
  youtubeUrl: string | null;
  patreonId?: string;
  reset?: { codeHash: string; expiresAt: Date; attempts: number } | null;
  createdAt: Date;
}

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  roles: string[];
  createdAt: Date;
}

export interface UserRepository {
  /** Inserts the user with its pending event; 'username' or 'email' when a unique key is taken. */
  create(user: NewUser, event: OutboxEntry): Promise<'created' | 'username' | 'email'>;
  findById(id: string): Promise<User | undefined>;
  findByUsername(username: string): Promise<User | undefined>;
  findByEmail(email: string): Promise<User | undefined>;
  /** Replaces the roles if nobody changed them since `expectedVersion`; false when someone did. */
  replaceRoles(id: string, expectedVersion: number, roles: string[], event: OutboxEntry): Promise<boolean>;
  setSocials(
    id: string,
    socials: { twitchUrl: string | null; youtubeUrl: string | null },
    event: OutboxEntry,
  ): Promise<void>;
  setReset(id: string, reset: { codeHash: string; expiresAt: Date; attempts: number }): Promise<void>;
  /** Sets the password only if this exact unexpired code is still stored, clearing it in the same write. */
  consumeResetCode(id: string, codeHash: string, now: Date, passwordHash: string): Promise<boolean>;
  /** Links a Patreon account; 'taken' when another user already holds it. */
  linkPatreon(id: string, patreonId: string, at: Date): Promise<'linked' | 'taken'>;
  supporterNames(role: string): Promise<string[]>;
}

export interface RefreshSession {
  tokenHash: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

export interface RefreshTokenRepository {
  insert(session: Omit<RefreshSession, 'usedAt' | 'revokedAt'>, now: Date): Promise<void>;
  find(tokenHash: string): Promise<RefreshSession | undefined>;
  /** Marks the token used if it is still unused and unrevoked; false when it was not (a reuse or a race). */
  markUsed(session: Pick<RefreshSession, 'tokenHash' | 'userId'>, now: Date): Promise<boolean>;
  revokeFamily(session: Pick<RefreshSession, 'familyId' | 'userId'>, now: Date): Promise<void>;
  revokeAllForUser(userId: string, now: Date): Promise<void>;
  /** Deletes the user's live tokens beyond the newest `keep`, ending those (oldest) logins. */
  trimLive(userId: string, keep: number): Promise<number>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface AccessTokenIssuer {
  accessToken(claims: { userId: string; username: string; role: string; roles: string[] }): Promise<string>;
}

/** The answer of a rate limit: allowed (one point taken), or refused with how long until it frees up. */
export type Taken = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** A budget of points per key per window, shared by every replica and atomic under parallel requests. */
export interface RateLimit {
  /** Takes a point before the work it guards, so parallel requests cannot all pass one check. */
  take(key: string): Promise<Taken>;
  /** Returns a point taken for work that turned out not to count (a successful login). */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface Limits {
  /** Failed logins per lower-cased username and client address. */
  loginUserIp: RateLimit;
  /** Failed logins per lower-cased username, from any address (a spread-out guesser). */
  loginUser: RateLimit;
  /** Registrations per client address. */
  register: RateLimit;
  /** Reset mails per email (registered or not). */
  resetEmail: RateLimit;
  /** Reset mails per client address. */
  resetIp: RateLimit;
  /** Change-password attempts per client address. */
  changePassword: RateLimit;
  /** Comparisons of one stored reset code (keyed by user and code): reserved before comparing. */
  resetGuesses: RateLimit;
}

/** The OAuth `state` of a Patreon connect, bound to the user who asked for the authorize link. */
export interface PatreonStates {
  /** A new random state for the user (earlier ones stay valid until used or expired). */
  issue(userId: string): Promise<string>;
  /** True once if `state` was issued to this user and has not expired; it is then spent. */
  consume(userId: string, state: string): Promise<boolean>;
}

export interface ResetMailer {
  /** Queues the code's mail; delivery (and its retries) happen outside the request. */
  sendResetCode(to: { email: string; username: string }, code: string): Promise<void>;
}

export interface PatreonIdentityProvider {
  /** 503 when the server has no Patreon client settings. */
  assertConfigured(): void;
  /** Where a player starts connecting: Patreon's authorize page for this site (503 when not configured). */
  authorizeLink(state: string): string;
  /** Exchanges an OAuth code for the Patreon user's id. */
  identify(code: string): Promise<{ patreonId: string }>;
}
