import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { encountersRequested, selectEncounters } from '../catalogue-slice';

export const NO_ENCOUNTERS_TEXT = 'No encounter information has been revealed yet.';

export function EncountersPage() {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectEncounters);

  useEffect(() => {
    dispatch(encountersRequested());
  }, [dispatch]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Encounters
      </Typography>
      {(status === 'idle' || status === 'loading') && <LoadingState label="Loading encounters" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && data?.length === 0 && <EmptyState text={NO_ENCOUNTERS_TEXT} />}
      {status === 'loaded' && data && data.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Encounters" disablePadding>
            {data.map((encounter) => (
              <ListItem key={encounter.encounterId} disablePadding divider>
                <ListItemButton component={RouterLink} to={`/monsters?encounterId=${encounter.encounterId}`}>
                  <ListItemText primary={encounter.name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Container>
  );
}
