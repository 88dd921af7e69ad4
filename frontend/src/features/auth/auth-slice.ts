import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CredentialsBody, RegisterUserBody } from '@league/contracts';
import { readAuthToken } from '@/lib/auth-cookie';
import { readBranch, type Branch } from '@/lib/branch';

/** A form that sends one request: idle, in flight, or failed with the text to show below it. */
export interface FormRequestState {
  pending: boolean;
  error: string | null;
}

export interface AuthState {
  loggedIn: boolean;
  /** The role in the token cookie ('admin', 'tester', …); null for players and when logged out. */
  role: string | null;
  login: FormRequestState;
  register: FormRequestState;
  /** The branch cookie (prod or beta); pages that pass `branch=` select it to reload when it changes. */
  branch: Branch;
}

const idleForm: FormRequestState = { pending: false, error: null };

/** The session as the authToken cookie describes it: logged in while it holds an access token. */
export function authStateFromCookie(): AuthState {
  const token = readAuthToken();
  const rest = { login: { ...idleForm }, register: { ...idleForm }, branch: readBranch() };
  if (!token?.access_token) return { loggedIn: false, role: null, ...rest };
  return { loggedIn: true, role: token.role, ...rest };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: authStateFromCookie,
  reducers: {
    sessionStarted(state, action: PayloadAction<{ role: string | null }>) {
      state.loggedIn = true;
      state.role = action.payload.role;
    },
    /** The refresh saga stored a new token pair; an admin may have changed the role meanwhile. */
    sessionRefreshed(state, action: PayloadAction<{ role: string | null }>) {
      state.role = action.payload.role;
    },
    /** A tester or admin picked a branch in the header; authSaga writes the cookie. */
    branchChanged(state, action: PayloadAction<Branch>) {
      state.branch = action.payload;
    },
    logoutRequested() {
      // handled by authSaga
    },
    loggedOut(state) {
      state.loggedIn = false;
      state.role = null;
    },
    loginRequested(state, _action: PayloadAction<CredentialsBody>) {
      state.login = { pending: true, error: null };
    },
    loginSucceeded(state) {
      state.login = { ...idleForm };
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.login = { pending: false, error: action.payload };
    },
    registerRequested(state, _action: PayloadAction<RegisterUserBody>) {
      state.register = { pending: true, error: null };
    },
    registerSucceeded(state) {
      state.register = { ...idleForm };
    },
    registerFailed(state, action: PayloadAction<string>) {
      state.register = { pending: false, error: action.payload };
    },
    /** A form page opened afresh: forget the last attempt's error. */
    authFormsReset(state) {
      state.login = { ...idleForm };
      state.register = { ...idleForm };
    },
  },
});

export const {
  sessionStarted,
  sessionRefreshed,
  branchChanged,
  logoutRequested,
  loggedOut,
  loginRequested,
  loginSucceeded,
  loginFailed,
  registerRequested,
  registerSucceeded,
  registerFailed,
  authFormsReset,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectIsLoggedIn = (state: WithAuth) => state.auth.loggedIn;
export const selectRole = (state: WithAuth) => state.auth.role;
export const selectIsAdmin = (state: WithAuth) => state.auth.loggedIn && state.auth.role === 'admin';
/** Testers and admins may switch between the prod and beta ladders (spec §4, §6). */
export const selectCanToggleBranch = (state: WithAuth) =>
  state.auth.loggedIn && (state.auth.role === 'tester' || state.auth.role === 'admin');
export const selectBranch = (state: WithAuth) => state.auth.branch;
export const selectLoginForm = (state: WithAuth) => state.auth.login;
export const selectRegisterForm = (state: WithAuth) => state.auth.register;
