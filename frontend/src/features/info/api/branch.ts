import { readCookie } from '@/lib/cookies';

/** The branch the visitor looks at: the branch cookie, prod when it is empty (spec §4). */
export function currentBranch(): string {
  return readCookie('branch') || 'prod';
}
