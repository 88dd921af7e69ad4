import LinearProgress from '@mui/material/LinearProgress';
import { useAppSelector } from '../hooks';
import { selectIsBusy } from '../ui-slice';

/** A thin bar at the top while a request has been in flight for longer than the busy delay. */
export function BusyIndicator() {
  const busy = useAppSelector(selectIsBusy);
  if (!busy) return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label="Loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}
