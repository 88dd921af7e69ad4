import { AppError } from '@league/platform';
import type { TokenResponse } from '@league/contracts';
import type { AccountDeps } from './deps';
import { issueSession } from './sessions';
import { limitKey, within } from './limits';
import { usernameKey } from './rules';

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
  // Every attempt takes its point before the password is checked (a success gives it back below), so a
  // burst of parallel guesses gets exactly the budget, not whatever ran before the first failure landed.
  const name = usernameKey(input.username).slice(0, 64);
  const perAddress = limitKey(name, input.ip);
  await within(
    [
      [deps.limits.loginUserIp, perAddress],
      [deps.limits.loginUser, name],
    ],
    (wait) => `Too many failed logins; try again ${wait}`,
    'login_rate_limited',
  );
  const user = await deps.users.findByUsername(input.username);
  decoy ??= deps.hasher.hash('decoy-password-never-used');
  const ok = user
    ? await deps.hasher.verify(user.passwordHash, input.password)
    : await deps.hasher.verify(await decoy, input.password).then(() => false);
  if (!user || !ok) throw new InvalidGrantError();
  await Promise.all([deps.limits.loginUserIp.clear(perAddress), deps.limits.loginUser.giveBack(name)]);
  if (input.adminOnly && !user.roles.includes('admin')) {
    throw AppError.forbidden('Only admins can log in here', 'not_admin');
  }
  return issueSession(deps, user);
}
