import { apiClient, prefetch } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-cookie';
import { readBranch, type Branch } from '@/lib/branch';
import type { Profile } from './profile-types';

const PROFILE = '/season/profile';

/**
 * Asks for the profile while the profile screens' code is still downloading, so the screen finds its answer
 * on the way instead of asking once it has rendered.
 */
export function prefetchProfile(branch: Branch): void {
  prefetch(PROFILE, { branch });
}

/**
 * Every profile screen starts from the caller's profile: it is asked for as soon as one of them is opened,
 * by src/early.ts when the site is opened on one and by the router when the visitor goes to one (signed-in
 * visitors only; the screens' guard sends the others to the login page).
 */
export function prefetchProfileWhenSignedIn(): void {
  if (readAuthToken()?.access_token) prefetchProfile(readBranch());
}

/**
 * GET /season/profile?branch=: username, Patreon flag and the caller's participations on the branch. The first
 * call after prefetchProfile takes its answer (once, and within a few seconds); every other call asks again.
 */
export function getProfile(branch: Branch): Promise<Profile> {
  return apiClient.get<Profile>(PROFILE, { query: { branch } });
}
