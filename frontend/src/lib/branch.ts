import { readCookie, writeCookie } from './cookies';

export const BRANCH_COOKIE = 'branch';
export const BRANCHES = ['prod', 'beta'] as const;
export type Branch = (typeof BRANCHES)[number];

/** How long a chosen branch is remembered. */
const BRANCH_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The branch the visitor looks at, for the `branch=` parameter of API calls: the branch cookie, and
 * prod when it is empty or not a branch we know (spec §4). The season service honours beta only for
 * testers and admins, so a stale cookie cannot show anyone else the beta ladders.
 */
export function readBranch(): Branch {
  const value = readCookie(BRANCH_COOKIE);
  return value === 'beta' ? 'beta' : 'prod';
}

export function writeBranch(branch: Branch, now: Date = new Date()): void {
  writeCookie(BRANCH_COOKIE, branch, { expires: new Date(now.getTime() + BRANCH_COOKIE_LIFETIME_MS) });
}
