import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getLatestSeasons } from './api/get-latest-seasons';
import { getLeaderboard } from './api/get-leaderboard';
import { getSeason } from './api/get-season';
import type { LeaderboardEntry, Season } from './api/season-types';
import {
  latestSeasonsFailed,
  latestSeasonsRequested,
  latestSeasonsSucceeded,
  leaderboardFailed,
  leaderboardRequested,
  leaderboardSucceeded,
} from './seasons-slice';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
}

export function* latestSeasonsWorker() {
  try {
    const seasons = (yield call(getLatestSeasons)) as Season[];
    yield put(latestSeasonsSucceeded(seasons ?? []));
  } catch (error) {
    yield put(latestSeasonsFailed(messageOf(error)));
  }
}

export function* leaderboardWorker(action: PayloadAction<{ seasonId: number | null }>) {
  try {
    let season: Season | null;
    if (action.payload.seasonId === null) {
      const latest = (yield call(getLatestSeasons)) as Season[];
      season = latest[0] ?? null;
    } else {
      season = (yield call(getSeason, action.payload.seasonId)) as Season;
    }
    if (!season) {
      yield put(leaderboardSucceeded({ season: null, entries: [] }));
      return;
    }
    const entries = (yield call(getLeaderboard, season.seasonId)) as LeaderboardEntry[];
    yield put(leaderboardSucceeded({ season, entries }));
  } catch (error) {
    yield put(leaderboardFailed(messageOf(error)));
  }
}

export function* seasonsSaga() {
  yield takeLatest(latestSeasonsRequested.type, latestSeasonsWorker);
  yield takeLatest(leaderboardRequested.type, leaderboardWorker);
}
