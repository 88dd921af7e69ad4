import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * Every page's loading state. A module of its own: the route table shows it while a lazy chunk loads, and
 * the landing page's JavaScript should not carry the other page states (MUI's Alert).
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      {/* The spinner is a progressbar to assistive technology and needs a name of its own (axe: aria-progressbar-name). */}
      <CircularProgress color="primary" aria-label={label} />
    </Box>
  );
}
