import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getLatestSeasons } from './api/get-latest-seasons';
import { getLeaderboard } from './api/get-leaderboard';
import { getKillTracker } from './api/get-kill-tracker';
import { getParticipantChallenges } from './api/get-participant-challenges';
import { getSeason } from './api/get-season';
import { getSeasonsByMod } from './api/get-seasons-by-mod';
import { getStanding } from './api/get-standing';
import type { KillTrackerRow, LeaderboardEntry, ParticipantChallenge, Season, Standing } from './api/season-types';
import {
  latestSeasonsFailed,
  latestSeasonsRequested,
  latestSeasonsSucceeded,
  leaderboardFailed,
  leaderboardRequested,
  leaderboardSucceeded,
  killTrackerFailed,
  killTrackerRequested,
  killTrackerSucceeded,
  participantFailed,
  participantRequested,
  participantSucceeded,
  previousSeasonsFailed,
  previousSeasonsRequested,
  previousSeasonsSucceeded,
  seasonDetailFailed,
  seasonDetailRequested,
  seasonDetailSucceeded,
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
    const { seasonId } = action.payload;
    if (seasonId !== null) {
      // A season's address names it: its header and its ladder are asked for together, not one after the other.
      const [season, entries] = (yield all([call(getSeason, seasonId), call(getLeaderboard, seasonId)])) as [
        Season,
        LeaderboardEntry[],
      ];
      yield put(leaderboardSucceeded({ season, entries }));
      return;
    }
    const latest = (yield call(getLatestSeasons)) as Season[];
    const season = latest[0] ?? null;
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

export function* previousSeasonsWorker(action: PayloadAction<{ seasonNumber: number }>) {
  try {
    const seasons = (yield call(getSeasonsByMod, action.payload.seasonNumber)) as Season[];
    yield put(previousSeasonsSucceeded(seasons ?? []));
  } catch (error) {
    yield put(previousSeasonsFailed(messageOf(error)));
  }
}

export function* seasonDetailWorker(action: PayloadAction<{ seasonId: number }>) {
  try {
    const season = (yield call(getSeason, action.payload.seasonId)) as Season;
    yield put(seasonDetailSucceeded(season));
  } catch (error) {
    yield put(seasonDetailFailed(messageOf(error)));
  }
}

/** The kill tracker shows the first non-beta transfer (type 2) ladder of the latest season. */
export function* killTrackerWorker() {
  try {
    const latest = (yield call(getLatestSeasons)) as Season[];
    const season = (latest ?? []).find((s) => !s.isBeta && s.seasonTypeId === 2) ?? null;
    if (!season) {
      yield put(killTrackerSucceeded({ season: null, rows: [] }));
      return;
    }
    const rows = (yield call(getKillTracker, season.seasonId)) as KillTrackerRow[];
    yield put(killTrackerSucceeded({ season, rows }));
  } catch (error) {
    yield put(killTrackerFailed(messageOf(error)));
  }
}

export function* participantWorker(action: PayloadAction<{ seasonId: number; participantId: number }>) {
  const { seasonId, participantId } = action.payload;
  try {
    const [season, completed, standing] = (yield all([
      call(getSeason, seasonId),
      call(getParticipantChallenges, seasonId, participantId),
      call(getStanding, participantId),
    ])) as [Season, ParticipantChallenge[], Standing];
    yield put(participantSucceeded({ season, completed, standing }));
  } catch (error) {
    yield put(participantFailed(messageOf(error)));
  }
}

export function* seasonsSaga() {
  yield takeLatest(latestSeasonsRequested.type, latestSeasonsWorker);
  yield takeLatest(leaderboardRequested.type, leaderboardWorker);
  yield takeLatest(previousSeasonsRequested.type, previousSeasonsWorker);
  yield takeLatest(seasonDetailRequested.type, seasonDetailWorker);
  yield takeLatest(killTrackerRequested.type, killTrackerWorker);
  yield takeLatest(participantRequested.type, participantWorker);
}
