import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CredentialsBody, RegisterUserBody } from '@league/contracts';
import { readAuthToken } from '@/lib/auth-cookie';

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
}

const idleForm: FormRequestState = { pending: false, error: null };

/** The session as the authToken cookie describes it: logged in while it holds an access token. */
export function authStateFromCookie(): AuthState {
  const token = readAuthToken();
  const forms = { login: { ...idleForm }, register: { ...idleForm } };
  if (!token?.access_token) return { loggedIn: false, role: null, ...forms };
  return { loggedIn: true, role: token.role, ...forms };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: authStateFromCookie,
  reducers: {
    sessionStarted(state, action: PayloadAction<{ role: string | null }>) {
      state.loggedIn = true;
      state.role = action.payload.role;
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
export const selectLoginForm = (state: WithAuth) => state.auth.login;
export const selectRegisterForm = (state: WithAuth) => state.auth.register;
