import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { KillTrackerRow, LeaderboardEntry, ParticipantChallenge, Season, Standing } from './api/season-types';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SeasonsState {
  latest: { status: LoadStatus; seasons: Season[]; error: string | null };
  leaderboard: {
    status: LoadStatus;
    /** The season the table belongs to (resolved from the latest ladders on the bare leaderboard route). */
    season: Season | null;
    entries: LeaderboardEntry[];
    error: string | null;
  };
  /** previous-seasons/{n}: the ladders of one earlier season number. */
  previous: { status: LoadStatus; seasonNumber: number | null; seasons: Season[]; error: string | null };
  /** seasons/{id}: one season with its challenges. */
  detail: { status: LoadStatus; season: Season | null; error: string | null };
  /** The kill tracker of the first non-beta transfer (type 2) ladder of the latest season. */
  killTracker: { status: LoadStatus; season: Season | null; rows: KillTrackerRow[]; error: string | null };
  /** seasons/{id}/participant/{pid}: the season's challenges, what the participant did, and the standing. */
  participant: {
    status: LoadStatus;
    season: Season | null;
    completed: ParticipantChallenge[];
    standing: Standing | null;
    error: string | null;
  };
}

export interface ParticipantLoaded {
  season: Season;
  completed: ParticipantChallenge[];
  standing: Standing;
}

const initialState: SeasonsState = {
  latest: { status: 'idle', seasons: [], error: null },
  leaderboard: { status: 'idle', season: null, entries: [], error: null },
  previous: { status: 'idle', seasonNumber: null, seasons: [], error: null },
  detail: { status: 'idle', season: null, error: null },
  killTracker: { status: 'idle', season: null, rows: [], error: null },
  participant: { status: 'idle', season: null, completed: [], standing: null, error: null },
};

const seasonsSlice = createSlice({
  name: 'seasons',
  initialState,
  reducers: {
    latestSeasonsRequested(state) {
      state.latest = { status: 'loading', seasons: [], error: null };
    },
    latestSeasonsSucceeded(state, action: PayloadAction<Season[]>) {
      state.latest = { status: 'loaded', seasons: action.payload, error: null };
    },
    latestSeasonsFailed(state, action: PayloadAction<string>) {
      state.latest = { status: 'failed', seasons: [], error: action.payload };
    },
    /** null: the first of the latest ladders (the bare leaderboard route). */
    leaderboardRequested(state, _action: PayloadAction<{ seasonId: number | null }>) {
      state.leaderboard = { status: 'loading', season: null, entries: [], error: null };
    },
    leaderboardSucceeded(state, action: PayloadAction<{ season: Season | null; entries: LeaderboardEntry[] }>) {
      state.leaderboard = { status: 'loaded', ...action.payload, error: null };
    },
    leaderboardFailed(state, action: PayloadAction<string>) {
      state.leaderboard = { status: 'failed', season: null, entries: [], error: action.payload };
    },
    previousSeasonsRequested(state, action: PayloadAction<{ seasonNumber: number }>) {
      state.previous = { status: 'loading', seasonNumber: action.payload.seasonNumber, seasons: [], error: null };
    },
    previousSeasonsSucceeded(state, action: PayloadAction<Season[]>) {
      state.previous = { ...state.previous, status: 'loaded', seasons: action.payload, error: null };
    },
    previousSeasonsFailed(state, action: PayloadAction<string>) {
      state.previous = { ...state.previous, status: 'failed', seasons: [], error: action.payload };
    },
    seasonDetailRequested(state, _action: PayloadAction<{ seasonId: number }>) {
      state.detail = { status: 'loading', season: null, error: null };
    },
    seasonDetailSucceeded(state, action: PayloadAction<Season>) {
      state.detail = { status: 'loaded', season: action.payload, error: null };
    },
    seasonDetailFailed(state, action: PayloadAction<string>) {
      state.detail = { status: 'failed', season: null, error: action.payload };
    },
    killTrackerRequested(state) {
      state.killTracker = { status: 'loading', season: null, rows: [], error: null };
    },
    killTrackerSucceeded(state, action: PayloadAction<{ season: Season | null; rows: KillTrackerRow[] }>) {
      state.killTracker = { status: 'loaded', ...action.payload, error: null };
    },
    killTrackerFailed(state, action: PayloadAction<string>) {
      state.killTracker = { status: 'failed', season: null, rows: [], error: action.payload };
    },
    participantRequested(state, _action: PayloadAction<{ seasonId: number; participantId: number }>) {
      state.participant = { status: 'loading', season: null, completed: [], standing: null, error: null };
    },
    participantSucceeded(state, action: PayloadAction<ParticipantLoaded>) {
      state.participant = { status: 'loaded', ...action.payload, error: null };
    },
    participantFailed(state, action: PayloadAction<string>) {
      state.participant = { status: 'failed', season: null, completed: [], standing: null, error: action.payload };
    },
  },
});

export const {
  latestSeasonsRequested,
  latestSeasonsSucceeded,
  latestSeasonsFailed,
  leaderboardRequested,
  leaderboardSucceeded,
  leaderboardFailed,
  previousSeasonsRequested,
  previousSeasonsSucceeded,
  previousSeasonsFailed,
  seasonDetailRequested,
  seasonDetailSucceeded,
  seasonDetailFailed,
  killTrackerRequested,
  killTrackerSucceeded,
  killTrackerFailed,
  participantRequested,
  participantSucceeded,
  participantFailed,
} = seasonsSlice.actions;
export const seasonsReducer = seasonsSlice.reducer;

type WithSeasons = { seasons: SeasonsState };
export const selectLatestSeasons = (state: WithSeasons) => state.seasons.latest;
export const selectLeaderboard = (state: WithSeasons) => state.seasons.leaderboard;
export const selectPreviousSeasons = (state: WithSeasons) => state.seasons.previous;
export const selectSeasonDetail = (state: WithSeasons) => state.seasons.detail;
export const selectKillTracker = (state: WithSeasons) => state.seasons.killTracker;
export const selectParticipant = (state: WithSeasons) => state.seasons.participant;
