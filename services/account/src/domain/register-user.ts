import { randomUUID } from 'node:crypto';
import { userRegisteredV1 } from '@league/contracts';
import { AppError, outboxEntry } from '@league/platform';
import type { AccountDeps } from './deps';
import { emailProblem, MESSAGES, passwordProblem, usernameProblem } from './rules';

export async function registerUser(
  deps: Pick<AccountDeps, 'users' | 'hasher' | 'now' | 'published'>,
  input: { username: string; email: string; password: string },
  roles: string[] = [],
): Promise<{ userId: string; username: string }> {
  const username = input.username.trim();
  const email = input.email.trim();
  const problem = usernameProblem(username) ?? emailProblem(email) ?? passwordProblem(input.password);
  if (problem) throw AppError.badRequest(problem);
  // Checked first for a clear message; the unique indexes below still decide a race.
  if (await deps.users.findByUsername(username)) throw AppError.badRequest(MESSAGES.usernameTaken);
  if (await deps.users.findByEmail(email)) throw AppError.badRequest(MESSAGES.emailTaken);

  const id = randomUUID();
  const createdAt = deps.now();
  const passwordHash = await deps.hasher.hash(input.password);
  const event = outboxEntry(
    userRegisteredV1,
    { userId: id, username, registeredAt: createdAt.toISOString(), ...(roles.length ? { roles } : {}) },
    id,
  );
  const result = await deps.users.create({ id, username, email, passwordHash, roles, createdAt }, event);
  if (result === 'username') throw AppError.badRequest(MESSAGES.usernameTaken);
  if (result === 'email') throw AppError.badRequest(MESSAGES.emailTaken);
  deps.published();
  return { userId: id, username };
}
