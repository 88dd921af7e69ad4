import type { LeaderboardEntry } from '@league/contracts';

/** A season challenge as GET /season/latest?includeChallenges=true lists it. */
export interface SeasonChallenge {
  seasonChallengeId: number;
  challengeName: string;
  categoryName: string;
  challengeCategoryId: number;
  difficulties: string;
  maxLevel: number;
  pointValue: number;
  displayOrder: number;
}

/** A season as the season service answers it (GET /season/latest and GET /season/{id}). */
export interface Season {
  seasonId: number;
  displayName: string;
  isBeta: boolean;
  /** 1 trading, 2 transfer with a kill tracker. */
  seasonTypeId: number;
  seasonNumber: number;
  startDate?: string;
  endDate?: string;
  status?: 'upcoming' | 'running' | 'ended';
  seasonChallenges?: SeasonChallenge[];
  challengeCategories?: Array<{ challengeCategoryId: number; categoryName: string }>;
  seasonParticipants?: Array<{ seasonParticipantId: number; username: string }>;
}

export type { LeaderboardEntry };
