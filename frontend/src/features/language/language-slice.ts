import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readLanguage } from '@/lib/language';

export interface LanguageState {
  /** The reader's choice ('de', …), or null for Automatic (the browser's Accept-Language). */
  choice: string | null;
}

const languageSlice = createSlice({
  name: 'language',
  initialState: (): LanguageState => ({ choice: readLanguage() }),
  reducers: {
    /** The reader picked a language in the header (null: Automatic); languageSaga remembers it. */
    languageChosen(state, action: PayloadAction<string | null>) {
      state.choice = action.payload;
    },
  },
});

export const { languageChosen } = languageSlice.actions;
export const languageReducer = languageSlice.reducer;

export const selectLanguage = (state: { language: LanguageState }) => state.language.choice;
