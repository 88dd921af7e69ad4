import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReducer } from '@/features/auth/auth-slice';
import { itemsReducer } from '@/features/items/items-slice';
import { seasonsReducer } from '@/features/seasons/seasons-slice';
import { catalogueReducer } from '@/features/catalogue/catalogue-slice';
import { infoReducer } from '@/features/info/info-slice';
import { languageReducer } from '@/features/language/language-slice';
import { rootSaga } from './root-saga';
import { uiReducer } from './ui-slice';

/**
 * Slices of lazily loaded chunks (the profile screens) inject themselves into rootReducer when their
 * chunk loads (slice.injectInto(rootReducer)); each declares itself here with declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  auth: authReducer,
  seasons: seasonsReducer,
  items: itemsReducer,
  ui: uiReducer,
  catalogue: catalogueReducer,
  info: infoReducer,
  language: languageReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export interface AppStoreOptions {
  /** Lets sagas change the route (sagas read it with getContext('navigate')). */
  navigate: (to: string) => void;
  preloadedState?: Partial<RootState>;
}

export function createAppStore({ navigate, preloadedState }: AppStoreOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { navigate } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  // A lazy chunk starts its own saga on the store it is rendered in.
  return Object.assign(store, { runSaga: sagaMiddleware.run });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
