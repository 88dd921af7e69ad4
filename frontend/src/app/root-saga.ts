import { all, fork } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/auth-sagas';
import { itemsSaga } from '@/features/items/items-sagas';
import { seasonsSaga } from '@/features/seasons/seasons-sagas';

export function* rootSaga() {
  yield all([fork(authSaga), fork(seasonsSaga), fork(itemsSaga)]);
}
