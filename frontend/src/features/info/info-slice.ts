import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FileList, ModFile, Region } from '@league/contracts';
import type { SeasonSchedule } from './api/get-season-schedule';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface Loadable<T, K = null> {
  status: LoadStatus;
  key: K | null;
  data: T | null;
  error: string | null;
}

export interface InfoState {
  supporters: Loadable<string[]>;
  /**
   * Server clock minus browser clock, in ms; the countdown adds it to Date.now(). 'failed' leaves it 0
   * (the browser's clock is the best there is).
   */
  clock: { status: LoadStatus; offsetMs: number };
  season: Loadable<SeasonSchedule>;
  preload: Loadable<ModFile[]>;
  files: Loadable<FileList, Region>;
}

const idle = { status: 'idle', key: null, data: null, error: null } as const;
const initialState: InfoState = {
  supporters: idle,
  clock: { status: 'idle', offsetMs: 0 },
  season: idle,
  preload: idle,
  files: idle,
};

const infoSlice = createSlice({
  name: 'info',
  initialState,
  reducers: {
    supportersRequested(state) {
      state.supporters = { ...idle, status: 'loading' };
    },
    supportersSucceeded(state, action: PayloadAction<string[]>) {
      state.supporters = { ...idle, status: 'loaded', data: action.payload };
    },
    supportersFailed(state, action: PayloadAction<string>) {
      state.supporters = { ...idle, status: 'failed', error: action.payload };
    },
    /** The About page opened: it needs the server clock, the season window and the pre-load list. */
    aboutRequested(state) {
      state.clock = { status: 'loading', offsetMs: state.clock.offsetMs };
      state.season = { ...idle, status: 'loading' };
      state.preload = { ...idle, status: 'loading' };
    },
    serverClockSynced(state, action: PayloadAction<{ offsetMs: number }>) {
      state.clock = { status: 'loaded', offsetMs: action.payload.offsetMs };
    },
    serverClockFailed(state) {
      state.clock = { status: 'failed', offsetMs: 0 };
    },
    seasonScheduleSucceeded(state, action: PayloadAction<SeasonSchedule | null>) {
      state.season = { ...idle, status: 'loaded', data: action.payload };
    },
    seasonScheduleFailed(state, action: PayloadAction<string>) {
      state.season = { ...idle, status: 'failed', error: action.payload };
    },
    preloadSucceeded(state, action: PayloadAction<ModFile[]>) {
      state.preload = { ...idle, status: 'loaded', data: action.payload };
    },
    preloadFailed(state, action: PayloadAction<string>) {
      state.preload = { ...idle, status: 'failed', error: action.payload };
    },
    fileListRequested(state, action: PayloadAction<{ region: Region }>) {
      state.files = { status: 'loading', key: action.payload.region, data: null, error: null };
    },
    fileListSucceeded(state, action: PayloadAction<{ region: Region; files: FileList }>) {
      if (state.files.key !== action.payload.region) return;
      state.files = { status: 'loaded', key: action.payload.region, data: action.payload.files, error: null };
    },
    fileListFailed(state, action: PayloadAction<{ region: Region; error: string }>) {
      if (state.files.key !== action.payload.region) return;
      state.files = { status: 'failed', key: action.payload.region, data: null, error: action.payload.error };
    },
  },
});

export const {
  supportersRequested,
  supportersSucceeded,
  supportersFailed,
  aboutRequested,
  serverClockSynced,
  serverClockFailed,
  seasonScheduleSucceeded,
  seasonScheduleFailed,
  preloadSucceeded,
  preloadFailed,
  fileListRequested,
  fileListSucceeded,
  fileListFailed,
} = infoSlice.actions;
export const infoReducer = infoSlice.reducer;

type WithInfo = { info: InfoState };
export const selectSupporters = (state: WithInfo) => state.info.supporters;
export const selectClock = (state: WithInfo) => state.info.clock;
export const selectSeasonSchedule = (state: WithInfo) => state.info.season;
export const selectPreload = (state: WithInfo) => state.info.preload;
export const selectFileList = (state: WithInfo) => state.info.files;
