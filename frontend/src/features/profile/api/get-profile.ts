import { apiClient } from '@/lib/api-client';
import type { Branch } from '@/lib/branch';
import type { Profile } from './profile-types';

/** A request made ahead of the screen that needs it, and when (a stale one is not used). */
const early = new Map<Branch, { at: number; answer: Promise<Profile> }>();
const EARLY_FOR_MS = 5_000;

const requestProfile = (branch: Branch) => apiClient.get<Profile>('/season/profile', { query: { branch } });

/**
 * Asks for the profile while the profile screens' code is still downloading (the router calls it when one
 * of them is opened), so the screen finds its answer on the way instead of asking once it has rendered.
 */
export function prefetchProfile(branch: Branch): void {
  const answer = requestProfile(branch);
  answer.catch(() => undefined); // the screen that takes it sees the failure
  early.set(branch, { at: Date.now(), answer });
}

/**
 * GET /season/profile?branch=: username, Patreon flag and the caller's participations on the branch. The first
 * call after prefetchProfile takes its answer (once, and within a few seconds); every other call asks again.
 */
export function getProfile(branch: Branch): Promise<Profile> {
  const prefetched = early.get(branch);
  early.delete(branch);
  if (prefetched && Date.now() - prefetched.at < EARLY_FOR_MS) return prefetched.answer;
  return requestProfile(branch);
}
