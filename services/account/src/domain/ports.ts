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
  /** Counts a wrong code; returns the attempts now recorded. */
  countResetAttempt(id: string, codeHash: string): Promise<number>;
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
  markUsed(tokenHash: string, now: Date): Promise<boolean>;
  revokeFamily(familyId: string, now: Date): Promise<void>;
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

export interface Attempts {
  /** Failures recorded in the current window. */
  count(key: string): Promise<number>;
  /** Records one more; the window starts at the first. */
  hit(key: string, windowSeconds: number): Promise<number>;
  clear(key: string): Promise<void>;
}

export interface ResetMailer {
  /** Queues the code's mail; delivery (and its retries) happen outside the request. */
  sendResetCode(to: { email: string; username: string }, code: string): Promise<void>;
}

export interface PatreonIdentityProvider {
  /** Where a player starts connecting: Patreon's authorize page for this site (503 when not configured). */
  authorizeLink(): string;
  /** Exchanges an OAuth code for the Patreon user's id. */
  identify(code: string): Promise<{ patreonId: string }>;
}
