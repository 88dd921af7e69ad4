import { AppError } from '@league/platform';

/** The account rules, each with the sentence a user sees (spec §5 and issue 3). Pure: no I/O. */

export const ROLE_RANK = ['admin', 'tester', 'supporter_s7'] as const;
export const SUPPORTER_ROLE = 'supporter_s7';
export const PLAYER_ROLE = 'player';

export const MESSAGES = {
  passwordEquals: 'Password cannot contain = sign',
  passwordShort: 'Password must be at least 8 characters',
  passwordLong: 'Password must be at most 128 characters',
  usernameShape: 'Username must be 3 to 20 letters, digits, _ or -',
  usernameTaken: 'Username is already taken',
  emailInvalid: 'Email is not a valid address',
  emailTaken: 'Email is already registered',
} as const;

const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;
// Deliberately plain: one @, a dotted domain, no spaces. Deliverability is proven by the reset mail.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The first rule a password breaks, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.includes('=')) return MESSAGES.passwordEquals;
  if (password.length < 8) return MESSAGES.passwordShort;
  // argon2 would hash a megabyte happily; a bound keeps one request from costing seconds of CPU.
  if (password.length > 128) return MESSAGES.passwordLong;
  return undefined;
}

export function usernameProblem(username: string): string | undefined {
  return USERNAME.test(username) ? undefined : MESSAGES.usernameShape;
}

export function emailProblem(email: string): string | undefined {
  return email.length <= 254 && EMAIL.test(email) ? undefined : MESSAGES.emailInvalid;
}

/** The one role the frontend's cookie carries: the highest held, else player. */
export function highestRole(roles: readonly string[]): string {
  return ROLE_RANK.find((r) => roles.includes(r)) ?? PLAYER_ROLE;
}

const LINK_HOSTS = {
  twitchUrl: ['twitch.tv'],
  youtubeUrl: ['youtube.com', 'youtu.be'],
} as const;

/**
 * A social link: empty clears it; otherwise an http(s) URL on the platform's own domain, so a profile
 * cannot point players somewhere else under a Twitch or YouTube label.
 */
export function socialLink(field: keyof typeof LINK_HOSTS, value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const label = field === 'twitchUrl' ? 'Twitch' : 'YouTube';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw AppError.badRequest(`${field} must be a link to ${label}`);
  }
  const host = url.hostname.toLowerCase();
  const onPlatform = LINK_HOSTS[field].some((h) => host === h || host.endsWith(`.${h}`));
  if (!/^https?:$/.test(url.protocol) || !onPlatform || v.length > 200) {
    throw AppError.badRequest(`${field} must be a link to ${label}`);
  }
  return v;
}

/** Six digits, leading zeros kept. */
export const RESET_CODE = /^\d{6}$/;
