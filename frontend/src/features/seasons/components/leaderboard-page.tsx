import LiveTvIcon from '@mui/icons-material/LiveTv';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import type { LeaderboardEntry } from '../api/season-types';
import { leaderboardRequested, selectLeaderboard } from '../seasons-slice';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

export const NO_PARTICIPANTS_TEXT = 'No one has joined this ladder yet.';

function participantHref(seasonId: number, entry: LeaderboardEntry): string {
  const query = new URLSearchParams({ username: entry.username });
  return `#/seasons/${seasonId}/participant/${entry.seasonParticipantId}?${query}`;
}

function Socials({ entry }: { entry: LeaderboardEntry }) {
  return (
    <Stack direction="row" spacing={0.5}>
      {entry.twitchUrl && (
        <IconButton
          component="a"
          href={entry.twitchUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${entry.username} on Twitch`}
          size="small"
        >
          <LiveTvIcon fontSize="small" />
        </IconButton>
      )}
      {entry.youtubeUrl && (
        <IconButton
          component="a"
          href={entry.youtubeUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${entry.username} on YouTube`}
          size="small"
        >
          <YouTubeIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

export function LeaderboardPage() {
  const dispatch = useAppDispatch();
  const { seasonId: seasonParam } = useParams();
  const seasonId = seasonParam === undefined ? null : Number(seasonParam);
  const { status, season, entries, error } = useAppSelector(selectLeaderboard);
  // The admin variant (admin/leaderboard/{id}) is recognised by 'admin' in the address and leaves out
  // the builds column; admins never see it on the public address either (spec §2).
  const isAdminAddress = useLocation().pathname.includes('admin');
  const viewerIsAdmin = useAppSelector((state) => state.auth.loggedIn && state.auth.role === 'admin');
  const showClasses = !isAdminAddress && !viewerIsAdmin;

  useEffect(() => {
    dispatch(leaderboardRequested({ seasonId }));
  }, [dispatch, seasonId]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={season ? `${season.displayName} Leaderboard` : 'Leaderboard'}>
        {season?.seasonTypeId === 2 && (
          <LinkButton to={`/seasons/${season.seasonId}/kill-tracker`} variant="outlined">
            Kill Tracker
          </LinkButton>
        )}
        <LinkButton to="/seasons" variant="contained">
          Back To Seasons
        </LinkButton>
      </PageHeader>
      {status === 'loading' && <LoadingState label="Loading leaderboard" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && entries.length === 0 && <EmptyState text={NO_PARTICIPANTS_TEXT} />}
      {status === 'loaded' && season && entries.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Leaderboard">
            <TableHead>
              <TableRow>
                <TableCell>Rank</TableCell>
                <TableCell>Name</TableCell>
                <TableCell align="right">Points</TableCell>
                {showClasses && <TableCell>Classes Played</TableCell>}
                <TableCell>Socials</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.seasonParticipantId} hover>
                  <TableCell>{entry.rank}</TableCell>
                  <TableCell>
                    <Link href={participantHref(season.seasonId, entry)} target="_blank" rel="noopener noreferrer">
                      {entry.username}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{entry.points}</TableCell>
                  {showClasses && <TableCell>{entry.classesPlayed.join(', ')}</TableCell>}
                  <TableCell>
                    <Socials entry={entry} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}
