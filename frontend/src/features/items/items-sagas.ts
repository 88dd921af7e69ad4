import type { PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItem, CatalogueItemSummary, ItemStats } from '@league/contracts';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getItem } from './api/get-item';
import { getItemStats } from './api/get-item-stats';
import { getItems, type ItemsQuery } from './api/get-items';
import {
  itemDetailFailed,
  itemDetailRequested,
  itemDetailSucceeded,
  itemsFailed,
  itemsRequested,
  itemsSucceeded,
} from './items-slice';

export function* itemsWorker(action: PayloadAction<ItemsQuery>) {
  try {
    const items = (yield call(getItems, action.payload)) as CatalogueItemSummary[];
    yield put(itemsSucceeded(items ?? []));
  } catch (error) {
    yield put(itemsFailed(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE));
  }
}

/** The detail page needs the record (lore, required stats) and its display (names, stat lines). */
export function* itemDetailWorker(action: PayloadAction<{ itemId: number }>) {
  const { itemId } = action.payload;
  try {
    const [item, stats] = (yield all([call(getItem, itemId), call(getItemStats, itemId)])) as [
      CatalogueItem,
      ItemStats,
    ];
    yield put(itemDetailSucceeded({ itemId, item, stats }));
  } catch (error) {
    yield put(itemDetailFailed({ itemId, error: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE }));
  }
}

export function* itemsSaga() {
  yield takeLatest(itemsRequested.type, itemsWorker);
  yield takeLatest(itemDetailRequested.type, itemDetailWorker);
}
