import { rolesChangedV1 } from '@league/contracts';
import { AppError, hasRole, outboxEntry, type AuthUser } from '@league/platform';
import type { AccountDeps } from './deps';
import type { User } from './ports';
import { SUPPORTER_ROLE, usernameKey } from './rules';

export async function userByName(deps: Pick<AccountDeps, 'users'>, name: string): Promise<User> {
  const user = await deps.users.findByUsername(name);
  if (!user) throw AppError.notFound(`No user named ${name}`);
  return user;
}

/** Roles are visible to their holder and to admins (the supporter toggle on the admin pages). */
export async function rolesOf(deps: AccountDeps, caller: AuthUser, name: string): Promise<string[]> {
  if (usernameKey(caller.username) !== usernameKey(name) && !hasRole(caller, 'admin')) {
    throw AppError.forbidden('You can only see your own roles');
  }
  return (await userByName(deps, name)).roles;
}

/**
 * Grants or revokes a role. Idempotent: asking for the current state changes nothing and publishes
 * nothing. The version guard retries when another admin changed the same user's roles meanwhile.
 */
export async function setRole(
  deps: Pick<AccountDeps, 'users' | 'published'>,
  name: string,
  role: string,
  granted: boolean,
): Promise<string[]> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await userByName(deps, name);
    const has = user.roles.includes(role);
    if (has === granted) return user.roles;
    const roles = granted ? [...user.roles, role] : user.roles.filter((r) => r !== role);
    const event = outboxEntry(rolesChangedV1, { userId: user.id, username: user.username, roles }, user.id);
    if (await deps.users.replaceRoles(user.id, user.rolesVersion, roles, event)) {
      deps.published(user.id);
      return roles;
    }
  }
  throw AppError.conflict('Roles were changed at the same time; try again');
}

export const setSupporter = (deps: AccountDeps, name: string, granted: boolean) =>
  setRole(deps, name, SUPPORTER_ROLE, granted);

export const supporterNames = (deps: AccountDeps) => deps.users.supporterNames(SUPPORTER_ROLE);
