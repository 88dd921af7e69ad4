import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '@league/platform';
import type { AccountDeps } from './deps';
import { limitKey, within } from './limits';
import { emailProblem, emailKey, passwordProblem, RESET_CODE } from './rules';

export const RESET_SENT = 'If that email is registered, a reset code is on its way';

// Salted with the user id so equal codes of two users never share a stored hash.
const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Mails a new 6-digit code (forgot-password and request-token alike). The answer, its timing (the mail
 * goes through a queue) and the rate limit are the same whether or not the email is registered.
 */
export async function requestResetCode(deps: AccountDeps, rawEmail: string, ip: string): Promise<{ message: string }> {
  const email = rawEmail.trim();
  const problem = emailProblem(email);
  if (problem) throw AppError.badRequest(problem);
  await within(
    [[deps.limits.resetIp, ip]],
    (wait) => `Too many reset requests; try again ${wait}`,
    'reset_rate_limited',
  );
  await within(
    [[deps.limits.resetEmail, emailKey(email)]],
    (wait) => `Too many reset requests for this email; try again ${wait}`,
    'reset_rate_limited',
  );
  const user = await deps.users.findByEmail(email);
  if (user) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(deps.now().getTime() + deps.settings.resetCodeTtlMinutes * 60_000);
    await deps.users.setReset(user.id, { codeHash: codeHash(user.id, code), expiresAt, attempts: 0 });
    await deps.mailer.sendResetCode({ email: user.email, username: user.username }, code);
  }
  return { message: RESET_SENT };
}

const badCode = (code = 'reset_code_invalid') => AppError.badRequest('Reset code is invalid or has expired', code);

/**
 * Sets a new password with a mailed code: single use, 15 minutes, five comparisons per code. Each
 * comparison is reserved first (an atomic counter in Redis keyed by the stored code), so a burst of
 * parallel guesses gets at most five comparisons; the rest are refused without one
 * (`reset_code_locked`), and after that even the right code is refused: the player asks for a new one.
 */
export async function changePassword(
  deps: AccountDeps,
  input: { email: string; password: string; code: string },
  ip: string,
): Promise<{ message: string }> {
  const problem = passwordProblem(input.password);
  if (problem) throw AppError.badRequest(problem);
  const code = input.code.trim();
  if (!RESET_CODE.test(code)) throw AppError.badRequest('Reset code must be 6 digits');
  await within(
    [[deps.limits.changePassword, ip]],
    (wait) => `Too many password change attempts; try again ${wait}`,
    'change_password_rate_limited',
  );
  const now = deps.now();
  const user = await deps.users.findByEmail(input.email.trim());
  const reset = user?.reset;
  if (!user || !reset || reset.expiresAt.getTime() <= now.getTime()) throw badCode();
  const reserved = await deps.limits.resetGuesses.take(limitKey(user.id, reset.codeHash));
  if (!reserved.allowed) throw badCode('reset_code_locked');
  const given = codeHash(user.id, code);
  if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(reset.codeHash, 'hex'))) throw badCode();
  const passwordHash = await deps.hasher.hash(input.password);
  // The code is consumed in the same guarded write that sets the password: two uses cannot both succeed.
  if (!(await deps.users.consumeResetCode(user.id, given, now, passwordHash))) throw badCode();
  await deps.sessions.revokeAllForUser(user.id, now);
  return { message: 'Password changed; log in with your new password' };
}
