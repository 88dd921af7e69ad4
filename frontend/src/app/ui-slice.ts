import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** App-wide chrome driven by the API client: the busy indicator and the Error modal. */
export interface UiState {
  /** Requests in flight for longer than the busy delay. */
  slowRequests: number;
  /** Messages waiting to be shown in the Error modal, oldest first. */
  errors: string[];
}

const initialState: UiState = { slowRequests: 0, errors: [] };

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    requestSlowed(state) {
      state.slowRequests += 1;
    },
    slowRequestSettled(state) {
      state.slowRequests = Math.max(0, state.slowRequests - 1);
    },
    errorRaised(state, action: PayloadAction<string>) {
      // The same failure reported twice in a row (e.g. parallel calls) is shown once.
      if (state.errors[state.errors.length - 1] !== action.payload) state.errors.push(action.payload);
    },
    errorDismissed(state) {
      state.errors.shift();
    },
  },
});

export const { requestSlowed, slowRequestSettled, errorRaised, errorDismissed } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

type WithUi = { ui: UiState };
export const selectIsBusy = (state: WithUi) => state.ui.slowRequests > 0;
export const selectCurrentError = (state: WithUi): string | null => state.ui.errors[0] ?? null;
