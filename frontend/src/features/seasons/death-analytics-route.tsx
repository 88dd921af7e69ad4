import { useStore } from 'react-redux';
import type { AppStore } from '@/app/store';
import { DeathAnalyticsPage } from './components/death-analytics-page';
import { deathAnalyticsSaga } from './death-analytics-sagas';
// Importing the slice injects it into the app's reducer.
import './death-analytics-slice';

const sagaStarted = new WeakSet<object>();

/**
 * seasons/{id}/death-analytics, loaded lazily: this module, its slice and saga, the page and the charts
 * library are their own chunk, so the landing page's JavaScript does not carry them.
 */
export function DeathAnalyticsRoute() {
  const store = useStore() as AppStore;
  if (!sagaStarted.has(store)) {
    sagaStarted.add(store);
    store.runSaga(deathAnalyticsSaga);
  }
  return <DeathAnalyticsPage />;
}
