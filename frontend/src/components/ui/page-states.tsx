import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

// Every page's loading, empty and error states, one look across the site.

export function LoadingState({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress color="primary" />
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

export function ErrorState({ text }: { text: string }) {
  return (
    <Alert severity="error" sx={{ my: 3 }}>
      {text}
    </Alert>
  );
}
