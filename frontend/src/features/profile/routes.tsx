import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@/app/shell/not-found-page';

/** Every profile/* route, behind the login guard. Loaded lazily: its own chunk. */
export function ProfileRoutes() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
