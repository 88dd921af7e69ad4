import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { clearAuthCookies } from '@/lib/auth-cookie';
import { loggedOut, logoutRequested } from './auth-slice';

export type Navigate = (to: string) => void;

export function* logoutWorker() {
  yield call(clearAuthCookies);
  yield put(loggedOut());
  const navigate: Navigate = yield getContext('navigate');
  yield call(navigate, '/');
}

export function* authSaga() {
  yield takeLatest(logoutRequested.type, logoutWorker);
}
