import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '@league/platform';
import type { AccountDeps } from './deps';
import { emailProblem, MAX_RESET_ATTEMPTS, passwordProblem, RESET_CODE } from './rules';

export const MAX_RESET_REQUESTS = 5;
export const RESET_WINDOW_SECONDS = 3600;
export const RESET_SENT = 'If that email is registered, a reset code is on its way';

// Salted with the user id so equal codes of two users never share a stored hash.
const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Mails a new 6-digit code (forgot-password and request-token alike). The answer, its timing (the mail
 * goes through a queue) and the rate limit are the same whether or not the email is registered.
 */
export async function requestResetCode(deps: AccountDeps, rawEmail: string): Promise<{ message: string }> {
  const email = rawEmail.trim();
  const problem = emailProblem(email);
  if (problem) throw AppError.badRequest(problem);
  const hits = await deps.attempts.hit(`reset-request:${email.toLowerCase()}`, RESET_WINDOW_SECONDS);
  if (hits > MAX_RESET_REQUESTS) {
    throw AppError.tooManyRequests(
      'Too many reset requests for this email; try again in an hour',
      'reset_rate_limited',
    );
  }
  const user = await deps.users.findByEmail(email);
  if (user) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(deps.now().getTime() + deps.settings.resetCodeTtlMinutes * 60_000);
    await deps.users.setReset(user.id, { codeHash: codeHash(user.id, code), expiresAt, attempts: 0 });
    await deps.mailer.sendResetCode({ email: user.email, username: user.username }, code);
  }
  return { message: RESET_SENT };
}

const badCode = () => AppError.badRequest('Reset code is invalid or has expired', 'reset_code_invalid');

/** Sets a new password with a mailed code: single use, 15 minutes, five wrong guesses void it. */
export async function changePassword(
  deps: AccountDeps,
  input: { email: string; password: string; code: string },
): Promise<{ message: string }> {
  const problem = passwordProblem(input.password);
  if (problem) throw AppError.badRequest(problem);
  const code = input.code.trim();
  if (!RESET_CODE.test(code)) throw AppError.badRequest('Reset code must be 6 digits');
  const now = deps.now();
  const user = await deps.users.findByEmail(input.email.trim());
  const reset = user?.reset;
  if (!user || !reset || reset.expiresAt.getTime() <= now.getTime() || reset.attempts >= MAX_RESET_ATTEMPTS) {
    throw badCode();
  }
  const given = codeHash(user.id, code);
  if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(reset.codeHash, 'hex'))) {
    await deps.users.countResetAttempt(user.id, reset.codeHash);
    throw badCode();
  }
  const passwordHash = await deps.hasher.hash(input.password);
  // The code is consumed in the same write that sets the password: two uses cannot both succeed.
  if (!(await deps.users.consumeResetCode(user.id, given, now, passwordHash))) throw badCode();
  await deps.sessions.revokeAllForUser(user.id, now);
  return { message: 'Password changed; log in with your new password' };
}
