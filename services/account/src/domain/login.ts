import { AppError } from '@league/platform';
import type { TokenResponse } from '@league/contracts';
import type { AccountDeps } from './deps';
import { issueSession } from './sessions';
import { usernameKey } from './rules';

export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** The failure the frontend recognises by `error_description` (spec §8). */
export class InvalidGrantError extends AppError {
  constructor() {
    super(400, 'Invalid username or password', 'invalid_grant');
  }
}

// Verified against when the username is unknown, so a miss costs as much time as a wrong password
// and response times do not reveal which usernames exist.
let decoy: Promise<string> | undefined;

export async function login(
  deps: AccountDeps,
  input: { username: string; password: string; ip: string; adminOnly?: boolean },
): Promise<TokenResponse> {
  // Bounded: no real username is longer than 20, and a megabyte of name must not become a Redis key.
  const key = `login-fail:${usernameKey(input.username).slice(0, 64)}:${input.ip}`;
  if ((await deps.attempts.count(key)) >= MAX_LOGIN_FAILURES) {
    throw AppError.tooManyRequests('Too many failed logins; try again in 15 minutes', 'login_rate_limited');
  }
  const user = await deps.users.findByUsername(input.username);
  decoy ??= deps.hasher.hash('decoy-password-never-used');
  const ok = user
    ? await deps.hasher.verify(user.passwordHash, input.password)
    : await deps.hasher.verify(await decoy, input.password).then(() => false);
  if (!user || !ok) {
    await deps.attempts.hit(key, LOGIN_WINDOW_SECONDS);
    throw new InvalidGrantError();
  }
  await deps.attempts.clear(key);
  if (input.adminOnly && !user.roles.includes('admin')) {
    throw AppError.forbidden('Only admins can log in here', 'not_admin');
  }
  return issueSession(deps, user);
}
