import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readAuthToken } from '@/lib/auth-cookie';

export interface AuthState {
  loggedIn: boolean;
  /** The role in the token cookie ('admin', 'tester', …); null for players and when logged out. */
  role: string | null;
}

/** The session as the authToken cookie describes it: logged in while it holds an access token. */
export function authStateFromCookie(): AuthState {
  const token = readAuthToken();
  if (!token?.access_token) return { loggedIn: false, role: null };
  return { loggedIn: true, role: token.role };
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
  },
});

export const { sessionStarted, logoutRequested, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectIsLoggedIn = (state: WithAuth) => state.auth.loggedIn;
export const selectRole = (state: WithAuth) => state.auth.role;
export const selectIsAdmin = (state: WithAuth) => state.auth.loggedIn && state.auth.role === 'admin';
