import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LinkButton } from '@/components/ui/query-link';
import { ladderName } from '../challenges';
import { participantRequested, selectParticipant } from '../seasons-slice';
import { useParticipantAddress } from '../use-participant-address';
import { ChallengeTables } from './challenge-table';
import { ErrorState, LoadingState } from '@/components/ui/page-states';

/** '?username=grimmy', for the links that carry the participant's name. */
export function usernameQuery(username: string): string {
  return `?${new URLSearchParams({ username })}`;
}

export function ParticipantPage() {
  const dispatch = useAppDispatch();
  const { seasonId, participantId, username } = useParticipantAddress();
  const isAdmin = useAppSelector((state) => state.auth.loggedIn && state.auth.role === 'admin');
  const { status, season, completed, standing, error } = useAppSelector(selectParticipant);
  const completedIds = useMemo(
    () => new Set(completed.filter((c) => c.quantity > 0).map((c) => c.seasonChallengeId)),
    [completed],
  );

  useEffect(() => {
    dispatch(participantRequested({ seasonId, participantId }));
  }, [dispatch, seasonId, participantId]);

  const base = `/seasons/${seasonId}/participant/${participantId}`;
  const query = usernameQuery(username);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      {status === 'loading' && <LoadingState label="Loading participant" />}
      {status === 'failed' && (
        <>
          <ErrorState text={error ?? ''} />
          <LinkButton to="/seasons" variant="contained">
            Back To Seasons
          </LinkButton>
        </>
      )}
      {status === 'loaded' && season && standing && (
        <>
          <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            {`${ladderName(season)} · ${username} · Rank ${standing.rank}`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
            <LinkButton to={`${base}/builds${query}`} variant="contained">
              Character Builds
            </LinkButton>
            <LinkButton to={`${base}/screenshots${query}`} variant="contained">
              Screenshots
            </LinkButton>
            <LinkButton to={`/socials${query}`} variant="contained">
              Social Links
            </LinkButton>
            {isAdmin && (
              <LinkButton to={`/admin/participant/${participantId}/characterdata${query}`} variant="outlined">
                Character Files
              </LinkButton>
            )}
          </Stack>
          <ChallengeTables
            challenges={season.seasonChallenges ?? []}
            label={ladderName(season)}
            completed={completedIds}
            headingComponent="h2"
          />
          <Typography variant="h5" component="p" sx={{ mt: 3, textAlign: 'right' }}>
            Point Total: {standing.pointTotal}
          </Typography>
        </>
      )}
    </Container>
  );
}
