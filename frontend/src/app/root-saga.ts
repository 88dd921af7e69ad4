import { all, fork } from 'redux-saga/effects';
import { authSaga } from '@/features/auth/auth-sagas';
import { itemsSaga } from '@/features/items/items-sagas';
import { seasonsSaga } from '@/features/seasons/seasons-sagas';
import { catalogueSaga } from '@/features/catalogue/catalogue-sagas';
import { infoSaga } from '@/features/info/info-sagas';
import { languageSaga } from '@/features/language/language-sagas';

export function* rootSaga() {
  yield all([
    fork(authSaga),
    fork(seasonsSaga),
    fork(itemsSaga),
    fork(catalogueSaga),
    fork(infoSaga),
    fork(languageSaga),
  ]);
}
