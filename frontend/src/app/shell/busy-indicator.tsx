import { lazy, Suspense } from 'react';
import { useAppSelector } from '../hooks';
import { selectIsBusy } from '../ui-slice';

// The landing page's JavaScript does not carry MUI's LinearProgress: it arrives with the first slow request.
const BusyBar = lazy(() => import('./busy-bar'));

/** A thin bar at the top while a request has been in flight for longer than the busy delay. */
export function BusyIndicator() {
  const busy = useAppSelector(selectIsBusy);
  if (!busy) return null;
  return (
    <Suspense fallback={null}>
      <BusyBar />
    </Suspense>
  );
}
