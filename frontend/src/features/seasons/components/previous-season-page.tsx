import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import type { Season } from '../api/season-types';
import { ladderName } from '../challenges';
import { previousSeasonsRequested, selectPreviousSeasons } from '../seasons-slice';
import { ChallengeTables } from './challenge-table';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

/** Spec §9: the challenge list opens and closes in 400 ms. */
export const COLLAPSE_MS = 400;
export const NO_LADDERS_TEXT = 'No ladders were found for this season.';

function LadderCard({ season }: { season: Season }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const name = ladderName(season);
  const count = season.seasonChallenges?.length ?? 0;
  return (
    <Card component="article" aria-label={name}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {name}
        </Typography>
        <Button
          onClick={() => setOpen((was) => !was)}
          aria-expanded={open}
          aria-controls={regionId}
          endIcon={
            <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 400ms' }} />
          }
        >
          {open ? 'Hide Challenges' : `Show Challenges (${count})`}
        </Button>
        <Collapse
          in={open}
          timeout={COLLAPSE_MS}
          unmountOnExit
          id={regionId}
          data-testid={`challenges-${season.seasonId}`}
        >
          <Stack sx={{ pt: 2 }}>
            <ChallengeTables challenges={season.seasonChallenges ?? []} label={name} />
          </Stack>
        </Collapse>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <LinkButton to={`/seasons/${season.seasonId}/leaderboard`} variant="contained">
          View Leaderboard
        </LinkButton>
      </CardActions>
    </Card>
  );
}

export function PreviousSeasonPage() {
  const dispatch = useAppDispatch();
  const seasonNumber = Number(useParams().seasonNumber);
  const { status, seasons, error } = useAppSelector(selectPreviousSeasons);

  useEffect(() => {
    dispatch(previousSeasonsRequested({ seasonNumber }));
  }, [dispatch, seasonNumber]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={`Season ${seasonNumber}`} titleVariant="h3" titleSx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        <LinkButton to="/previous-seasons" variant="outlined">
          Previous Seasons
        </LinkButton>
      </PageHeader>
      {status === 'loading' && <LoadingState label="Loading season" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && seasons.length === 0 && <EmptyState text={NO_LADDERS_TEXT} />}
      {status === 'loaded' && seasons.length > 0 && (
        <Stack spacing={3}>
          {seasons.map((season) => (
            <LadderCard key={season.seasonId} season={season} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
