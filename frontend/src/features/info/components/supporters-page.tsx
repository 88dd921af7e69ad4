import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { selectSupporters, supportersRequested } from '../info-slice';

export const NO_SUPPORTERS_TEXT = 'No supporters yet. Become the first!';

export function SupportersPage() {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectSupporters);

  useEffect(() => {
    dispatch(supportersRequested());
  }, [dispatch]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Supporters
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The league runs on the generosity of these players. Thank you!
      </Typography>
      {(status === 'idle' || status === 'loading') && <LoadingState label="Loading supporters" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && data?.length === 0 && <EmptyState text={NO_SUPPORTERS_TEXT} />}
      {status === 'loaded' && data && data.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography
            component="ul"
            aria-label="Supporters"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {data.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </Typography>
        </Paper>
      )}
    </Container>
  );
}
