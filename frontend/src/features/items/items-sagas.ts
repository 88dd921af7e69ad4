import type { PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItemSummary } from '@league/contracts';
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getItems, type ItemsQuery } from './api/get-items';
import { itemsFailed, itemsRequested, itemsSucceeded } from './items-slice';

export function* itemsWorker(action: PayloadAction<ItemsQuery>) {
  try {
    const items = (yield call(getItems, action.payload)) as CatalogueItemSummary[];
    yield put(itemsSucceeded(items ?? []));
  } catch (error) {
    yield put(itemsFailed(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE));
  }
}

export function* itemsSaga() {
  yield takeLatest(itemsRequested.type, itemsWorker);
}
