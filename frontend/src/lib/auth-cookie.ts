import { deleteCookie, readCookie, writeCookie } from './cookies';

export const AUTH_TOKEN_COOKIE = 'authToken';
export const AUTH_EXPIRES_COOKIE = 'authExpires';

/**
 * The authToken cookie: the role and the access token of the login, kept for one hour. The 30-day
 * refresh token is not here: the BFF keeps it in an HttpOnly cookie that page script cannot read, and
 * reads it itself on POST /account/refresh-token.
 */
export interface AuthToken {
  role: string | null;
  access_token: string;
}

/** The parsed authToken cookie, or null when it is missing or not the JSON we wrote. */
export function readAuthToken(): AuthToken | null {
  const raw = readCookie(AUTH_TOKEN_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { role, access_token } = parsed as Record<string, unknown>;
    return {
      role: typeof role === 'string' ? role : null,
      access_token: typeof access_token === 'string' ? access_token : '',
    };
  } catch {
    return null;
  }
}

export function clearAuthCookies(): void {
  deleteCookie(AUTH_TOKEN_COOKIE);
  deleteCookie(AUTH_EXPIRES_COOKIE);
}

/** How long a login or refresh keeps the session cookies. */
export const AUTH_COOKIE_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Stores a login or refresh answer: authToken as JSON `{role, access_token}` and authExpires as an ISO
 * time, both for one hour. A refresh token in the answer (there is none when the BFF kept it) is not stored.
 */
export function writeAuthCookies(token: AuthToken, now: Date = new Date()): void {
  const expires = new Date(now.getTime() + AUTH_COOKIE_LIFETIME_MS);
  const { role, access_token } = token;
  writeCookie(AUTH_TOKEN_COOKIE, JSON.stringify({ role, access_token }), { expires });
  writeCookie(AUTH_EXPIRES_COOKIE, expires.toISOString(), { expires });
}

/** The authExpires cookie as a time, or null when it is missing or not an ISO time. */
export function readAuthExpires(): Date | null {
  const raw = readCookie(AUTH_EXPIRES_COOKIE);
  if (!raw) return null;
  const time = new Date(raw);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * The `username` claim of an access token (the account service signs `sub`, `username`, `role`, …).
 * Only read, never verified: the servers verify the signature. Null when the token is not a JWT.
 */
export function usernameFromAccessToken(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null) return null;
    const { username } = claims as { username?: unknown };
    return typeof username === 'string' && username !== '' ? username : null;
  } catch {
    return null;
  }
}
