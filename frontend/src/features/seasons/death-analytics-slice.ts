import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/app/store';
import type { DeathAnalytics } from './api/death-analytics-types';
import type { Season } from './api/season-types';
import type { LoadStatus } from './seasons-slice';

/** seasons/{id}/death-analytics: the season (for its name) and its death analytics. Part of the lazy chunk. */
export interface DeathAnalyticsState {
  status: LoadStatus;
  seasonId: number | null;
  season: Season | null;
  analytics: DeathAnalytics | null;
  error: string | null;
}

const initialState: DeathAnalyticsState = {
  status: 'idle',
  seasonId: null,
  season: null,
  analytics: null,
  error: null,
};

const deathAnalyticsSlice = createSlice({
  name: 'deathAnalytics',
  initialState,
  reducers: {
    deathAnalyticsRequested(state, action: PayloadAction<{ seasonId: number }>) {
      return { ...initialState, status: 'loading', seasonId: action.payload.seasonId };
    },
    deathAnalyticsSucceeded(state, action: PayloadAction<{ season: Season; analytics: DeathAnalytics }>) {
      return { ...state, status: 'loaded', ...action.payload, error: null };
    },
    deathAnalyticsFailed(state, action: PayloadAction<string>) {
      return { ...state, status: 'failed', season: null, analytics: null, error: action.payload };
    },
  },
  selectors: {
    selectDeathAnalytics: (state) => state,
  },
});

export const { deathAnalyticsRequested, deathAnalyticsSucceeded, deathAnalyticsFailed } = deathAnalyticsSlice.actions;

declare module '@/app/store' {
  // The death analytics chunk's slice, injected when the chunk loads.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof deathAnalyticsSlice> {}
}

/** Loading the chunk injects the slice into the app's reducer. */
export const injectedDeathAnalyticsSlice = deathAnalyticsSlice.injectInto(rootReducer);
export const { selectDeathAnalytics } = injectedDeathAnalyticsSlice.selectors;
