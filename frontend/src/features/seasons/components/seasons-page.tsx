import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LinkButton } from '@/components/ui/query-link';
import type { Season } from '../api/season-types';
import { latestSeasonsRequested, selectLatestSeasons } from '../seasons-slice';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

export const NO_SEASONS_TEXT = 'No season ladders are open yet.';

const STATUS_TEXT: Record<NonNullable<Season['status']>, string> = {
  upcoming: 'Starts soon',
  running: 'Running now',
  ended: 'Ended',
};

function SeasonCard({ season }: { season: Season }) {
  const categories = season.challengeCategories ?? [];
  const challenges = season.seasonChallenges ?? [];
  return (
    <Card component="article" aria-label={season.displayName} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {season.displayName}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {season.status ? STATUS_TEXT[season.status] : null}
          {season.seasonParticipants ? ` · ${season.seasonParticipants.length} participants` : null}
          {` · ${challenges.length} challenges`}
        </Typography>
        <List dense aria-label={`${season.displayName} challenge categories`}>
          {categories.map((category) => (
            <ListItem key={category.challengeCategoryId} disableGutters>
              <ListItemText
                primary={category.categoryName}
                secondary={`${challenges.filter((c) => c.challengeCategoryId === category.challengeCategoryId).length} challenges`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <LinkButton to={`/seasons/${season.seasonId}/leaderboard`} variant="contained">
          View Leaderboard
        </LinkButton>
        <LinkButton to={`/seasons/${season.seasonId}`} variant="outlined">
          Challenges
        </LinkButton>
        {season.seasonTypeId === 2 && (
          <LinkButton to={`/seasons/${season.seasonId}/kill-tracker`} variant="outlined">
            Kill Tracker
          </LinkButton>
        )}
      </CardActions>
    </Card>
  );
}

export function SeasonsPage() {
  const dispatch = useAppDispatch();
  const { status, seasons, error } = useAppSelector(selectLatestSeasons);

  useEffect(() => {
    dispatch(latestSeasonsRequested());
  }, [dispatch]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Season 7 Ladders
      </Typography>
      {status === 'loading' && <LoadingState label="Loading seasons" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && seasons.length === 0 && <EmptyState text={NO_SEASONS_TEXT} />}
      {status === 'loaded' && seasons.length > 0 && (
        <Grid container spacing={3}>
          {seasons.map((season) => (
            <Grid key={season.seasonId} size={{ xs: 12, md: 6 }}>
              <SeasonCard season={season} />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
