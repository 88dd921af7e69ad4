import type { AuthUser, Logger } from '@league/platform';
import type { SeasonModels } from '../data/models';

/** What the use cases need from the outside world: the models, a logger, and a nudge for the outbox relay. */
export interface SeasonContext {
  models: SeasonModels;
  logger: Logger;
  /** Asks the outbox relay to publish soon (after a use case wrote an entry). */
  publishSoon: () => void;
  now: () => Date;
  /** Told when this process changed a ladder, so its cached leaderboard is dropped at once. */
  ladderChanged: (seasonId: number) => void;
}

export type Branch = 'prod' | 'beta';

/** Beta is for testers and admins; everyone else is on prod whatever they ask (as the launcher does). */
export function effectiveBranch(asked: Branch | undefined, user: AuthUser | undefined): Branch {
  if (asked === 'beta' && user && (user.roles.includes('tester') || user.roles.includes('admin'))) return 'beta';
  return 'prod';
}

export const usernameKey = (username: string) => username.trim().toLowerCase();
