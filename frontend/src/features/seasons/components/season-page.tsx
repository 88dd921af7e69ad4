import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LinkButton } from '@/components/ui/query-link';
import { ladderName, seasonTypeName } from '../challenges';
import { seasonDetailRequested, selectSeasonDetail } from '../seasons-slice';
import { ChallengeTables } from './challenge-table';
import { ErrorState, LoadingState } from '@/components/ui/page-states';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** An ISO time as '19 Oct 2024, 15:00 UTC'; nothing for a missing or unreadable time. */
export function formatSeasonDate(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `${dateFormat.format(date)} UTC`;
}

export function SeasonPage() {
  const dispatch = useAppDispatch();
  const seasonId = Number(useParams().seasonId);
  const { status, season, error } = useAppSelector(selectSeasonDetail);

  useEffect(() => {
    dispatch(seasonDetailRequested({ seasonId }));
  }, [dispatch, seasonId]);

  const starts = formatSeasonDate(season?.startDate);
  const ends = formatSeasonDate(season?.endDate);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      {status === 'loading' && <LoadingState label="Loading season" />}
      {status === 'failed' && (
        <>
          <ErrorState text={error ?? ''} />
          <LinkButton to="/seasons" variant="contained">
            Back To Seasons
          </LinkButton>
        </>
      )}
      {status === 'loaded' && season && (
        <>
          <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
            {ladderName(season)}
          </Typography>
          <Typography color="text.secondary">Type: {seasonTypeName(season)}</Typography>
          {starts && <Typography color="text.secondary">Starts: {starts}</Typography>}
          {ends && <Typography color="text.secondary">Ends: {ends}</Typography>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 3 }}>
            <LinkButton to={`/seasons/${season.seasonId}/leaderboard`} variant="contained">
              View Leaderboard
            </LinkButton>
            {season.seasonTypeId === 2 && (
              <LinkButton to={`/seasons/${season.seasonId}/kill-tracker`} variant="outlined">
                Kill Tracker
              </LinkButton>
            )}
            <LinkButton to="/seasons" variant="outlined">
              Back To Seasons
            </LinkButton>
          </Stack>
          <Typography variant="h4" component="h2" gutterBottom>
            Challenges
          </Typography>
          <ChallengeTables
            challenges={season.seasonChallenges ?? []}
            label={ladderName(season)}
            showType
            headingComponent="h3"
          />
        </>
      )}
    </Container>
  );
}
