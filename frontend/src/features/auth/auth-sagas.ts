import type { PayloadAction } from '@reduxjs/toolkit';
import type { ActiveUser, CredentialsBody, RegisterUserBody } from '@league/contracts';
import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, getContext, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import {
  clearAuthCookies,
  readAuthExpires,
  readAuthToken,
  usernameFromAccessToken,
  writeAuthCookies,
  type AuthToken,
} from '@/lib/auth-cookie';
import { writeBranch } from '@/lib/branch';
import { getActiveUser } from './api/get-active-user';
import { postLogin } from './api/post-login';
import { postLogout } from './api/post-logout';
import { postRefreshToken, type SiteTokenResponse } from './api/post-refresh-token';
import { postRegisterUser } from './api/post-register-user';
import {
  branchChanged,
  selectIsLoggedIn,
  sessionRefreshed,
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

/** The BFF's logout, fire and forget: the local logout never waits on it or fails with it. */
function endServerSession() {
  postLogout().catch(() => undefined);
}

export function* logoutWorker() {
  yield call(endServerSession);
  yield call(clearAuthCookies);
  yield put(loggedOut());
  const navigate: Navigate = yield getContext('navigate');
  yield call(navigate, '/');
}

export function* loginWorker(action: PayloadAction<CredentialsBody>) {
  try {
    const token = (yield call(postLogin, action.payload)) as SiteTokenResponse;
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

/** Spec §9: the session is checked every 5 minutes and refreshed when under 10 minutes remain. */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const REFRESH_WHEN_REMAINING_MS = 10 * 60 * 1000;

/**
 * The refresh call needs the username; the BFF adds the refresh token from its HttpOnly cookie. The
 * authToken cookie holds only role and the access token, so the username comes from the access token's
 * `username` claim (the account service signs one into every access token). Should a token ever lack
 * it, GET /user/active answers it: the check runs while the access token is still valid, so that call
 * is authorised.
 */
export function* refreshUsernameOf(token: AuthToken) {
  const fromClaims = usernameFromAccessToken(token.access_token);
  if (fromClaims) return fromClaims;
  const user = (yield call(getActiveUser, { showError: false })) as ActiveUser;
  return user.username;
}

/** Ends the session locally: cookies gone, store logged out (which stops the check timer). */
function* endSession() {
  yield call(clearAuthCookies);
  yield put(loggedOut());
}

/**
 * One check of the session: no token cookie (it expired with its hour, or was removed) logs out;
 * under 10 minutes left (or no readable authExpires) refreshes and writes both cookies for one hour.
 * A refresh the server refuses (401: revoked, expired or reused) ends the session, and the API client
 * has already sent the visitor to /login; any other failure is retried at the next check.
 */
export function* sessionCheckWorker() {
  const token: AuthToken | null = yield call(readAuthToken);
  if (!token?.access_token) {
    // Through the action, so logoutWorker runs in its own task: the timer running this check is
    // cancelled by the logout it asks for.
    yield put(logoutRequested());
    return;
  }
  const expires: Date | null = yield call(readAuthExpires);
  if (expires && expires.getTime() - Date.now() >= REFRESH_WHEN_REMAINING_MS) return;
  try {
    const username: string = yield call(refreshUsernameOf, token);
    const fresh = (yield call(postRefreshToken, { username })) as SiteTokenResponse;
    yield call(writeAuthCookies, fresh);
    yield put(sessionRefreshed({ role: fresh.role || null }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) yield call(endSession);
  }
}

function* sessionTimer() {
  for (;;) {
    yield delay(SESSION_CHECK_INTERVAL_MS);
    yield call(sessionCheckWorker);
  }
}

/**
 * Runs the session check timer while someone is logged in: from app start when the cookie says so,
 * from every login, until logout. The first check comes 5 minutes after the start, as spec §4 has it
 * (a token that lapses before then has taken its cookie with it, and that check logs out). A second
 * login replaces the running timer rather than adding one.
 */
export function* sessionTimerSaga() {
  const loggedInAtStart: boolean = yield select(selectIsLoggedIn);
  let timer: Task | null = loggedInAtStart ? yield fork(sessionTimer) : null;
  for (;;) {
    const action: { type: string } = yield take([sessionStarted.type, loggedOut.type]);
    if (timer) yield cancel(timer);
    timer = action.type === sessionStarted.type ? yield fork(sessionTimer) : null;
  }
}

export function* branchWorker(action: PayloadAction<'prod' | 'beta'>) {
  yield call(writeBranch, action.payload);
}

export function* authSaga() {
  yield fork(sessionTimerSaga);
  yield takeEvery(branchChanged.type, branchWorker);
  yield takeLatest(logoutRequested.type, logoutWorker);
  yield takeLatest(loginRequested.type, loginWorker);
  yield takeLatest(registerRequested.type, registerWorker);
}
