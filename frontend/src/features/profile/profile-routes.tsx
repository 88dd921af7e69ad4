import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@/app/shell/not-found-page';
import { ProfilePage } from './components/profile-page';
import { RequireLogin } from './components/require-login';

/** Every profile/* route, behind the login guard. Loaded lazily: its own chunk. */
export function ProfileRoutes() {
  return (
    <RequireLogin>
      <Routes>
        <Route index element={<ProfilePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RequireLogin>
  );
}
