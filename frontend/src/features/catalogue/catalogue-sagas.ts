import type { PayloadAction } from '@reduxjs/toolkit';
import type { Encounter, Monster, MonsterSummary, Mutator } from '@league/contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getBoundlessMutators } from './api/get-boundless-mutators';
import { getEncounters } from './api/get-encounters';
import { getMonster } from './api/get-monster';
import { getMonsters } from './api/get-monsters';
import {
  encountersFailed,
  encountersRequested,
  encountersSucceeded,
  monsterFailed,
  monsterRequested,
  monstersFailed,
  monstersRequested,
  monstersSucceeded,
  monsterSucceeded,
  mutatorsFailed,
  mutatorsRequested,
  mutatorsSucceeded,
} from './catalogue-slice';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

export function* encountersWorker() {
  try {
    const encounters = (yield call(getEncounters)) as Encounter[];
    yield put(encountersSucceeded(encounters ?? []));
  } catch (error) {
    yield put(encountersFailed(messageOf(error)));
  }
}

export function* monstersWorker(action: PayloadAction<{ encounterId: number }>) {
  const { encounterId } = action.payload;
  try {
    const monsters = (yield call(getMonsters, encounterId)) as MonsterSummary[];
    yield put(monstersSucceeded({ encounterId, monsters: monsters ?? [] }));
  } catch (error) {
    yield put(monstersFailed({ encounterId, error: messageOf(error) }));
  }
}

export function* monsterWorker(action: PayloadAction<{ monsterId: number }>) {
  const { monsterId } = action.payload;
  try {
    const monster = (yield call(getMonster, monsterId)) as Monster;
    yield put(monsterSucceeded(monster));
  } catch (error) {
    yield put(monsterFailed({ monsterId, error: messageOf(error) }));
  }
}

export function* mutatorsWorker() {
  try {
    const mutators = (yield call(getBoundlessMutators)) as Mutator[];
    yield put(mutatorsSucceeded(mutators ?? []));
  } catch (error) {
    yield put(mutatorsFailed(messageOf(error)));
  }
}

export function* catalogueSaga() {
  yield takeLatest(encountersRequested.type, encountersWorker);
  yield takeLatest(monstersRequested.type, monstersWorker);
  yield takeLatest(monsterRequested.type, monsterWorker);
  yield takeLatest(mutatorsRequested.type, mutatorsWorker);
}
