import { socialsUpdatedV1, type ActiveUser, type Socials } from '@league/contracts';
import { AppError, outboxEntry, type AuthUser } from '@league/platform';
import type { AccountDeps } from './deps';
import type { User } from './ports';
import { highestRole, socialLink, usernameKey, usernameProblem } from './rules';
import { userByName } from './roles';

async function caller(deps: AccountDeps, who: AuthUser): Promise<User> {
  const user = await deps.users.findById(who.id);
  // A valid token for a user that no longer exists: treat it as signed out.
  if (!user) throw AppError.unauthorized('Your account no longer exists');
  return user;
}

export async function activeUser(deps: AccountDeps, who: AuthUser): Promise<ActiveUser> {
  const user = await caller(deps, who);
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    role: highestRole(user.roles),
    roles: user.roles,
    isPatreonConnected: Boolean(user.patreonId),
  };
}

export async function checkUsername(deps: AccountDeps, raw: string) {
  const username = raw.trim();
  const problem = usernameProblem(username);
  if (problem) throw AppError.badRequest(problem);
  return { username, available: !(await deps.users.findByUsername(username)) };
}

export async function socialsOf(deps: AccountDeps, name: string): Promise<Socials> {
  const user = await userByName(deps, name);
  return { username: user.username, twitchUrl: user.twitchUrl, youtubeUrl: user.youtubeUrl };
}

export async function updateSocials(
  deps: AccountDeps,
  who: AuthUser,
  input: { username: string; twitchUrl?: string | null; youtubeUrl?: string | null },
): Promise<Socials> {
  if (usernameKey(input.username) !== usernameKey(who.username)) {
    throw AppError.forbidden('You can only change your own socials');
  }
  const user = await caller(deps, who);
  const socials = {
    twitchUrl: socialLink('twitchUrl', input.twitchUrl),
    youtubeUrl: socialLink('youtubeUrl', input.youtubeUrl),
  };
  const event = outboxEntry(socialsUpdatedV1, { userId: user.id, username: user.username, ...socials }, user.id);
  await deps.users.setSocials(user.id, socials, event);
  deps.published(user.id);
  return { username: user.username, ...socials };
}

/** Where a player starts connecting: Patreon's authorize page, with a fresh `state` bound to this user. */
export async function patreonAuthorizeUrl(deps: AccountDeps, who: AuthUser): Promise<{ url: string }> {
  const user = await caller(deps, who);
  deps.patreon.assertConfigured();
  return { url: deps.patreon.authorizeLink(await deps.patreonStates.issue(user.id)) };
}

/**
 * Links the Patreon account behind an OAuth code. The `state` must be the one issued to this same user
 * by the authorize link (single use, 10 minutes): a code obtained in someone else's flow, or replayed
 * into this session by a forged link, is refused before Patreon is asked anything.
 */
export async function connectPatreon(deps: AccountDeps, who: AuthUser, code: string, state: string) {
  const user = await caller(deps, who);
  deps.patreon.assertConfigured();
  if (!(await deps.patreonStates.consume(user.id, state))) {
    throw AppError.forbidden(
      'This Patreon connection was not started from your profile or has expired; connect again',
      'patreon_state_mismatch',
    );
  }
  const { patreonId } = await deps.patreon.identify(code);
  if (user.patreonId !== patreonId && (await deps.users.linkPatreon(user.id, patreonId, deps.now())) === 'taken') {
    throw AppError.conflict('This Patreon account is already linked to another user');
  }
  return { message: 'Patreon connected', isPatreonConnected: true };
}
