import { useStore } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@/app/shell/not-found-page';
import type { AppStore } from '@/app/store';
import { BlockedPlayersPage } from './components/blocked-players-page';
import { MyListingsPage } from './components/my-listings-page';
import { NotificationsPage } from './components/notifications-page';
import { OffersPage } from './components/offers-page';
import { ProfilePage } from './components/profile-page';
import { RequireLogin } from './components/require-login';
export { SeasonTradingPostRoute } from './components/season-trading-post-route';
import { StashPage } from './components/stash-page';
import { TradeLayout } from './components/trade-layout';
import { TradeOfferPage } from './components/trade-offer-page';
import { TradingPostPage } from './components/trading-post-page';
import { profileSaga } from './profile-sagas';
// Importing the slice injects it into the app's reducer.
import './profile-slice';

const sagaStarted = new WeakSet<object>();

/** The profile chunk's saga runs once per store, from the first render of its routes. */
function useProfileSaga() {
  const store = useStore() as AppStore;
  if (!sagaStarted.has(store)) {
    sagaStarted.add(store);
    store.runSaga(profileSaga);
  }
}

/** Every profile/* route, behind the login guard. Loaded lazily: its own chunk. */
export function ProfileRoutes() {
  useProfileSaga();
  return (
    <RequireLogin>
      <Routes>
        <Route index element={<ProfilePage />} />
        <Route path="stash" element={<StashPage />} />
        <Route path="trade-search" element={<StashPage search />} />
        <Route path="trade-offer" element={<TradeOfferPage />} />
        <Route element={<TradeLayout />}>
          <Route path="trading-post" element={<TradingPostPage />} />
          <Route path="trade-notifications" element={<NotificationsPage />} />
          <Route path="my-listings" element={<MyListingsPage />} />
          <Route path="my-offers" element={<OffersPage view="mine" />} />
          <Route path="incoming-offers" element={<OffersPage view="incoming" />} />
          <Route path="trade-blocked" element={<BlockedPlayersPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireLogin>
  );
}
