import { apiClient, earlyAnswer, prefetchAndRead } from '@/lib/api-client';
import { readAuthToken } from '@/lib/auth-cookie';
import { readBranch, type Branch } from '@/lib/branch';
import type { Profile } from './profile-types';

const PROFILE = '/season/profile';

/**
 * Asks for the profile before the profile screens' code has loaded, so the screen finds its answer on the way
 * instead of asking once it has rendered. Resolves to the profile for the early requests that depend on it
 * (undefined when it was on its way already or failed).
 */
export function prefetchProfile(branch: Branch): Promise<Profile | undefined> {
  return prefetchAndRead<Profile>(PROFILE, { branch });
}

/**
 * Every profile screen starts from the caller's profile: it is asked for as soon as one of them is opened,
 * by src/early.ts when the site is opened on one and by the router when the visitor goes to one (signed-in
 * visitors only; the screens' guard sends the others to the login page).
 */
export function prefetchProfileWhenSignedIn(): Promise<Profile | undefined> {
  return readAuthToken()?.access_token ? prefetchProfile(readBranch()) : Promise.resolve(undefined);
}

/**
 * GET /season/profile?branch=: username, Patreon flag and the caller's participations on the branch. The first
 * call after prefetchProfile takes its answer (once, and within EARLY_FOR_MS); every other call asks again.
 */
export function getProfile(branch: Branch): Promise<Profile> {
  return apiClient.get<Profile>(PROFILE, { query: { branch } });
}

/** The profile when it was asked for early (prefetchProfile) and has answered already; undefined otherwise. */
export function answeredProfile(branch: Branch): Profile | undefined {
  return earlyAnswer<Profile>(PROFILE, { branch });
}
