import { AppError, type AuthUser } from '@league/platform';

// Beta stays secret (README "Beta seasons"): a beta season's participants, listings and prices are for
// testers and admins. To anyone else they do not exist: the same 404 as an unknown id, never a 403 or a 400
// that tells them apart.

export const seesBeta = (user: AuthUser | undefined): boolean =>
  Boolean(user?.roles.includes('tester') || user?.roles.includes('admin'));

/** Whether a thing of a beta season is hidden from this caller. */
export const hiddenFrom = (user: AuthUser | undefined, thing: { isBeta?: boolean | null }): boolean =>
  Boolean(thing.isBeta) && !seesBeta(user);

/** 404 for a listing of a beta season asked for by a player (as for an unknown listing id). */
export function assertListingVisible(user: AuthUser | undefined, listing: { isBeta?: boolean | null }): void {
  if (hiddenFrom(user, listing)) throw AppError.notFound('Trade listing not found');
}

/** The branch a price history is read from: beta only for testers and admins, prod for everyone else. */
export const readableBranch = (asked: 'prod' | 'beta' | undefined, user: AuthUser | undefined): 'prod' | 'beta' =>
  asked === 'beta' && seesBeta(user) ? 'beta' : 'prod';
