import type { LeaderboardEntry } from '@league/contracts';

/** A season challenge as GET /season/{id}, /season/mod/{mod} and /season/latest?includeChallenges=true list it. */
export interface SeasonChallenge {
  seasonChallengeId: number;
  seasonId?: number;
  challengeName: string;
  categoryName: string;
  challengeCategoryId: number;
  /** Normal, Elite and Ultimate joined by '+'. */
  difficulties: string;
  maxLevel: number;
  /** 1 Single, 2 Level Based, 3 Inverse Level Based, 4 Scaling. */
  challengeTypeId?: number;
  scalingThreshold?: number | null;
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
  modName?: string;
  startDate?: string;
  endDate?: string;
  status?: 'upcoming' | 'running' | 'ended';
  seasonChallenges?: SeasonChallenge[];
  challengeCategories?: Array<{ challengeCategoryId: number; categoryName: string }>;
  seasonParticipants?: Array<{ seasonParticipantId: number; username: string }>;
}

/** GET /season/{id}/participant-challenges?participantId=: the challenges a participant has done. */
export interface ParticipantChallenge {
  seasonChallengeId: number;
  quantity: number;
  level?: number | null;
  completedOn?: string;
}

/** GET /season/participant/{id}/standing. */
export interface Standing {
  rank: number;
  pointTotal: number;
}

/** GET /season/{id}/kill-tracker rows. */
export interface KillTrackerRow {
  killedBy: string;
  killedCount: number;
}

/** A character build; participantCharacterBuildId 0 is one not saved yet. */
export interface CharacterBuild {
  participantCharacterBuildId: number;
  seasonParticipantId: number;
  buildClass: string;
  buildUrl: string;
  buildDescription?: string | null;
  createdOn?: string;
  modifiedOn?: string;
}

/** A screenshot; participantScreenshotId 0 is one not saved yet. */
export interface Screenshot {
  participantScreenshotId: number;
  seasonParticipantId: number;
  screenshotUrl: string;
  createdOn?: string;
}

/** GET /user/{name}/socials. */
export interface Socials {
  username: string;
  twitchUrl: string | null;
  youtubeUrl: string | null;
}

export type { LeaderboardEntry };
