import type { PayloadAction } from '@reduxjs/toolkit';
import type { FileList, ModFile, Region } from '@league/contracts';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getFileNames } from './api/get-file-names';
import { getPreloadFiles } from './api/get-preload-files';
import { getLatestSeasonSchedules, type SeasonSchedule } from './api/get-season-schedule';
import { getServerTime } from './api/get-server-time';
import { getSupporters } from './api/get-supporters';
import {
  aboutRequested,
  fileListFailed,
  fileListRequested,
  fileListSucceeded,
  preloadFailed,
  preloadSucceeded,
  seasonScheduleFailed,
  seasonScheduleSucceeded,
  serverClockFailed,
  serverClockSynced,
  supportersFailed,
  supportersRequested,
  supportersSucceeded,
} from './info-slice';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

export function* supportersWorker() {
  try {
    const names = (yield call(getSupporters)) as string[];
    yield put(supportersSucceeded(names ?? []));
  } catch (error) {
    yield put(supportersFailed(messageOf(error)));
  }
}

/** Server time minus browser time, taking the middle of the round trip as the moment the server answered. */
export function* serverClockWorker() {
  try {
    const sentAt = Date.now();
    const { utc } = (yield call(getServerTime)) as { utc: string };
    const receivedAt = Date.now();
    const serverMs = Date.parse(utc);
    if (Number.isNaN(serverMs)) throw new Error('bad time');
    yield put(serverClockSynced({ offsetMs: serverMs - Math.round((sentAt + receivedAt) / 2) }));
  } catch {
    yield put(serverClockFailed());
  }
}

/** The first prod ladder of the newest season (its ladders share one window). */
export function* seasonScheduleWorker() {
  try {
    const seasons = ((yield call(getLatestSeasonSchedules)) as SeasonSchedule[]) ?? [];
    const dated = seasons.filter((s) => s.startDate && s.endDate);
    yield put(seasonScheduleSucceeded(dated.find((s) => !s.isBeta) ?? dated[0] ?? null));
  } catch (error) {
    yield put(seasonScheduleFailed(messageOf(error)));
  }
}

export function* preloadWorker() {
  try {
    const files = (yield call(getPreloadFiles)) as ModFile[];
    yield put(preloadSucceeded(files ?? []));
  } catch (error) {
    yield put(preloadFailed(messageOf(error)));
  }
}

export function* aboutWorker() {
  yield all([call(serverClockWorker), call(seasonScheduleWorker), call(preloadWorker)]);
}

export function* fileListWorker(action: PayloadAction<{ region: Region }>) {
  const { region } = action.payload;
  try {
    const files = (yield call(getFileNames, region)) as FileList;
    yield put(fileListSucceeded({ region, files }));
  } catch (error) {
    yield put(fileListFailed({ region, error: messageOf(error) }));
  }
}

export function* infoSaga() {
  yield takeLatest(supportersRequested.type, supportersWorker);
  yield takeLatest(aboutRequested.type, aboutWorker);
  yield takeLatest(fileListRequested.type, fileListWorker);
}
