/** A season as the season service describes it inside a profile and in GET /season/latest. */
export interface ProfileSeason {
  seasonId: number;
  displayName: string;
  isBeta: boolean;
  /** 1 trading, 2 transfer with a kill tracker. */
  seasonTypeId: number;
  seasonNumber: number;
  startDate?: string;
  endDate?: string;
  status?: 'upcoming' | 'running' | 'ended';
}

/** A participation as POST /season/add-participant answers it. */
export interface SeasonParticipant {
  seasonParticipantId: number;
  seasonId: number;
  username: string;
  joinedOn?: string;
}

/** GET /season/profile: the caller's participations on the branch, each with its season. */
export interface Profile {
  username: string;
  isPatreonConnected: boolean;
  seasonParticipants: Array<SeasonParticipant & { season: ProfileSeason }>;
}
