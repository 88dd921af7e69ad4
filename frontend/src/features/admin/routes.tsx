import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@/app/shell/not-found-page';

/** Every admin/* route, behind the admin guard. Loaded lazily: its own chunk. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
