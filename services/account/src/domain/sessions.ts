import { randomUUID } from 'node:crypto';
import { AppError } from '@league/platform';
import type { TokenResponse } from '@league/contracts';
import { hashToken, newOpaqueToken } from '../security/tokens';
import type { AccountDeps } from './deps';
import type { User } from './ports';
import { highestRole, usernameKey } from './rules';

/** Issues an access token and a fresh refresh token; a new login starts a new family. */
export async function issueSession(
  deps: AccountDeps,
  user: User,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const now = deps.now();
  const role = highestRole(user.roles);
  const refresh = newOpaqueToken();
  await deps.sessions.insert(
    {
      tokenHash: hashToken(refresh),
      userId: user.id,
      familyId,
      expiresAt: new Date(now.getTime() + deps.settings.refreshTtlDays * 86_400_000),
    },
    now,
  );
  await deps.sessions.trimLive(user.id, MAX_LIVE_SESSIONS);
  const access = await deps.tokens.accessToken({ userId: user.id, username: user.username, role, roles: user.roles });
  return { access_token: access, refresh_token: refresh, role };
}

/**
 * Live logins kept per user. The launcher logs in afresh every 15 minutes and never refreshes, so
 * without a bound each player would pile up thousands of live refresh tokens a month.
 */
export const MAX_LIVE_SESSIONS = 10;

const invalid = () => AppError.unauthorized('Refresh token is not valid; log in again', 'refresh_invalid');

/**
 * Rotates a refresh token: each one works once. A second use means it was copied (or the first answer
 * was lost), and we cannot tell the thief from the owner, so every token of that login is revoked.
 */
export async function refreshSession(
  deps: AccountDeps,
  input: { refreshToken: string; username: string },
): Promise<TokenResponse> {
  const now = deps.now();
  const tokenHash = hashToken(input.refreshToken);
  const session = await deps.sessions.find(tokenHash);
  if (!session) throw invalid();
  const user = await deps.users.findById(session.userId);
  if (!user || usernameKey(user.username) !== usernameKey(input.username)) throw invalid();
  if (session.revokedAt) throw AppError.unauthorized('Refresh token has been revoked; log in again', 'refresh_revoked');
  const reused = () =>
    AppError.unauthorized(
      'Refresh token was already used; every session from that login has been signed out',
      'refresh_reused',
    );
  if (session.usedAt) {
    await deps.sessions.revokeFamily(session, now);
    throw reused();
  }
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw AppError.unauthorized('Refresh token has expired; log in again', 'refresh_expired');
  }
  if (!(await deps.sessions.markUsed(session, now))) {
    // Lost a race with another use of the same token: that is reuse too.
    await deps.sessions.revokeFamily(session, now);
    throw reused();
  }
  return issueSession(deps, user, session.familyId);
}

/**
 * Logout: the refresh token's whole family (this login and every token rotated from it) is revoked, so
 * the cookie or a copy of it cannot start a session again. Unknown or spent tokens answer the same.
 */
export async function endSession(deps: AccountDeps, input: { refreshToken: string }): Promise<{ message: string }> {
  const session = await deps.sessions.find(hashToken(input.refreshToken));
  if (session && !session.revokedAt) await deps.sessions.revokeFamily(session, deps.now());
  return { message: 'Signed out' };
}
