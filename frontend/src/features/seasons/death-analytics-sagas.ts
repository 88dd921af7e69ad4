import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { DeathAnalytics } from './api/death-analytics-types';
import { getDeathAnalytics } from './api/get-death-analytics';
import { getSeason } from './api/get-season';
import type { Season } from './api/season-types';
import { deathAnalyticsFailed, deathAnalyticsRequested, deathAnalyticsSucceeded } from './death-analytics-slice';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
}

/** The season (its name for the heading) and its analytics, side by side. */
export function* deathAnalyticsWorker(action: PayloadAction<{ seasonId: number }>) {
  try {
    const [season, analytics] = (yield all([
      call(getSeason, action.payload.seasonId),
      call(getDeathAnalytics, action.payload.seasonId),
    ])) as [Season, DeathAnalytics];
    yield put(deathAnalyticsSucceeded({ season, analytics }));
  } catch (error) {
    yield put(deathAnalyticsFailed(messageOf(error)));
  }
}

/** Started by the lazy route the first time it renders in a store. */
export function* deathAnalyticsSaga() {
  yield takeLatest(deathAnalyticsRequested.type, deathAnalyticsWorker);
}
