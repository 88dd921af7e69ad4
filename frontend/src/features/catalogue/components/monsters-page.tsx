import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { monstersRequested, selectMonsters } from '../catalogue-slice';

export const NO_MONSTERS_TEXT = 'No monster information has been revealed yet.';

export function MonstersPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const encounterId = Number(searchParams.get('encounterId'));
  const valid = Number.isInteger(encounterId) && encounterId > 0;
  const { status, data, error } = useAppSelector(selectMonsters);
  // Back keeps the rest of the query string (?branch=…) but not the encounter.
  const rest = new URLSearchParams(searchParams);
  rest.delete('encounterId');
  const backSearch = rest.toString() ? `?${rest.toString()}` : '';

  useEffect(() => {
    if (valid) dispatch(monstersRequested({ encounterId }));
  }, [dispatch, encounterId, valid]);

  let body;
  // Without an encounter there is nothing to list: the same words as an unrevealed one.
  if (!valid) body = <EmptyState text={NO_MONSTERS_TEXT} />;
  else if (status === 'failed') body = <ErrorState text={error ?? ''} />;
  else if (status !== 'loaded' || !data) body = <LoadingState label="Loading monsters" />;
  else if (data.length === 0) body = <EmptyState text={NO_MONSTERS_TEXT} />;
  else
    body = (
      <Paper variant="outlined">
        <List aria-label="Monsters" disablePadding>
          {data.map((monster) => (
            <ListItem key={monster.monsterId} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/monster/${monster.monsterId}`}>
                <ListItemText
                  primary={monster.name}
                  secondary={[monster.race, monster.type].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Monsters
      </Typography>
      {body}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={{ pathname: '/encounters', search: backSearch }} variant="outlined">
          Back
        </Button>
      </Box>
    </Container>
  );
}
