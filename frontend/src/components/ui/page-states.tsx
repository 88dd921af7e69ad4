import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

// Every page's loading, empty and error states, one look across the site.
export { LoadingState } from './loading-state';

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
