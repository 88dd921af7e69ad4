import type { PayloadAction } from '@reduxjs/toolkit';
import { call, select, takeEvery } from 'redux-saga/effects';
import { writeLanguage } from '@/lib/language';
import { languageChosen, selectLanguage } from './language-slice';

export function* languageChosenWorker(action: PayloadAction<string | null>) {
  yield call(writeLanguage, action.payload);
}

export function* languageSaga() {
  // Each visit renews the cookie's expiry, so a choice lasts as long as the reader keeps coming back.
  const choice = (yield select(selectLanguage)) as string | null;
  if (choice) yield call(writeLanguage, choice);
  yield takeEvery(languageChosen.type, languageChosenWorker);
}
