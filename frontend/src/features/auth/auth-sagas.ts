import type { PayloadAction } from '@reduxjs/toolkit';
import type { CredentialsBody, RegisterUserBody, TokenResponse } from '@league/contracts';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { clearAuthCookies, writeAuthCookies } from '@/lib/auth-cookie';
import { postLogin } from './api/post-login';
import { postRegisterUser } from './api/post-register-user';
import {
  loggedOut,
  loginFailed,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  registerFailed,
  registerRequested,
  registerSucceeded,
  sessionStarted,
} from './auth-slice';

export type Navigate = (to: string) => void;

export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

/** The failed response's body as text (spec §8): a text body as it is, a JSON body by its message. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.body === 'string' && error.body.trim() !== '') return error.body;
    return error.message;
  }
  return GENERIC_ERROR_MESSAGE;
}

/** Login failures: the OAuth invalid_username_or_password gets its sentence, anything else the body text. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const { error_description } = error.body as { error_description?: unknown };
    if (error_description === 'invalid_username_or_password') return INVALID_LOGIN_MESSAGE;
  }
  return failureText(error);
}

export function* logoutWorker() {
  yield call(clearAuthCookies);
  yield put(loggedOut());
  const navigate: Navigate = yield getContext('navigate');
  yield call(navigate, '/');
}

export function* loginWorker(action: PayloadAction<CredentialsBody>) {
  try {
    const token = (yield call(postLogin, action.payload)) as TokenResponse;
    yield call(writeAuthCookies, token);
    yield put(sessionStarted({ role: token.role || null }));
    yield put(loginSucceeded());
    const navigate: Navigate = yield getContext('navigate');
    yield call(navigate, '/profile');
  } catch (error) {
    yield put(loginFailed(loginFailureText(error)));
  }
}

export function* registerWorker(action: PayloadAction<RegisterUserBody>) {
  try {
    yield call(postRegisterUser, action.payload);
    yield put(registerSucceeded());
    const navigate: Navigate = yield getContext('navigate');
    yield call(navigate, '/seasons');
  } catch (error) {
    yield put(registerFailed(failureText(error)));
  }
}

export function* authSaga() {
  yield takeLatest(logoutRequested.type, logoutWorker);
  yield takeLatest(loginRequested.type, loginWorker);
  yield takeLatest(registerRequested.type, registerWorker);
}
