import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LinkButton } from '@/components/ui/query-link';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This path leads nowhere. Perhaps it was swallowed by the Void.
      </Typography>
      <LinkButton to="/" variant="contained">
        Back to home
      </LinkButton>
    </Container>
  );
}
