import { randomUUID } from 'node:crypto';
import { userRegisteredV1 } from '@league/contracts';
import { AppError, outboxEntry } from '@league/platform';
import type { AccountDeps } from './deps';
import { within } from './limits';
import { emailProblem, MESSAGES, passwordProblem, usernameProblem } from './rules';

/** A taken username or email: the rule's sentence, as a conflict (a lost race answers the same). */
const taken = (message: string) => AppError.conflict(message, 'taken');

export async function registerUser(
  deps: Pick<AccountDeps, 'users' | 'hasher' | 'now' | 'published'>,
  input: { username: string; email: string; password: string },
  roles: string[] = [],
): Promise<{ userId: string; username: string }> {
  const username = input.username.trim();
  const email = input.email.trim();
  const problem = usernameProblem(username) ?? emailProblem(email) ?? passwordProblem(input.password);
  if (problem) throw AppError.badRequest(problem);
  // Checked first, before the costly hash; the repository checks again under the username and email
  // locks (every replica), and the unique indexes stay the last word.
  if (await deps.users.findByUsername(username)) throw taken(MESSAGES.usernameTaken);
  if (await deps.users.findByEmail(email)) throw taken(MESSAGES.emailTaken);

  const id = randomUUID();
  const createdAt = deps.now();
  const passwordHash = await deps.hasher.hash(input.password);
  const event = outboxEntry(
    userRegisteredV1,
    { userId: id, username, registeredAt: createdAt.toISOString(), ...(roles.length ? { roles } : {}) },
    id,
  );
  const result = await deps.users.create({ id, username, email, passwordHash, roles, createdAt }, event);
  if (result === 'username') throw taken(MESSAGES.usernameTaken);
  if (result === 'email') throw taken(MESSAGES.emailTaken);
  deps.published(id);
  return { userId: id, username };
}

/** Registration from the site: limited per client address before any work is done. */
export async function registerPlayer(
  deps: Pick<AccountDeps, 'users' | 'hasher' | 'now' | 'published' | 'limits'>,
  input: { username: string; email: string; password: string },
  ip: string,
) {
  await within(
    [[deps.limits.register, ip]],
    (wait) => `Too many registrations from your address; try again ${wait}`,
    'register_rate_limited',
  );
  return registerUser(deps, input);
}
