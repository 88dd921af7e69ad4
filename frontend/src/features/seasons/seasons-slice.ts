import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LeaderboardEntry, Season } from './api/season-types';

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
}

const initialState: SeasonsState = {
  latest: { status: 'idle', seasons: [], error: null },
  leaderboard: { status: 'idle', season: null, entries: [], error: null },
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
  },
});

export const {
  latestSeasonsRequested,
  latestSeasonsSucceeded,
  latestSeasonsFailed,
  leaderboardRequested,
  leaderboardSucceeded,
  leaderboardFailed,
} = seasonsSlice.actions;
export const seasonsReducer = seasonsSlice.reducer;

type WithSeasons = { seasons: SeasonsState };
export const selectLatestSeasons = (state: WithSeasons) => state.seasons.latest;
export const selectLeaderboard = (state: WithSeasons) => state.seasons.leaderboard;
