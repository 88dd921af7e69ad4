import LinearProgress from '@mui/material/LinearProgress';

/** The bar itself: a chunk of its own, loaded the first time a request is slow (see BusyIndicator). */
export default function BusyBar() {
  return (
    <LinearProgress
      color="secondary"
      aria-label="Loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}
