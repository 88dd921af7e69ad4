import LiveTvIcon from '@mui/icons-material/LiveTv';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import type { CSSObject, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { memo, useCallback, useEffect } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useDeferredSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import type { LeaderboardEntry } from '../api/season-types';
import { leaderboardRequested, selectLeaderboard } from '../seasons-slice';
import { EmptyState, ErrorState } from '@/components/ui/page-states';
import { plainTableBodySx, TableSkeleton } from '@/components/ui/table-skeleton';
import '@/styles/prebuilt/leaderboard';

export const NO_PARTICIPANTS_TEXT = 'No one has joined this ladder yet.';
/** Rows a page of the table shows (?page=N picks one): a phone renders 25 rows, not the whole ladder. */
export const LEADERBOARD_PAGE_SIZE = 25;
/** Every row is this tall (px), loaded or not: a small table row with the social icon buttons. */
const ROW_HEIGHT = 44;
const cell = { whiteSpace: 'nowrap' } as const;
/** The rows' one style, with the socials' cell laid out as a row of icon buttons (a plain span per row). */
const rowsSx = (theme: Theme): CSSObject => ({
  ...plainTableBodySx(theme),
  '& .socials': { display: 'flex', gap: theme.spacing(0.5), minHeight: 30, alignItems: 'center' },
});

/** The page of the ?page= query (1-based), within 1 … pages. */
export function leaderboardPage(query: string | null, pages: number): number {
  const n = Math.floor(Number(query ?? '1'));
  return Number.isFinite(n) ? Math.min(Math.max(1, n), Math.max(1, pages)) : 1;
}

function participantHref(seasonId: number, entry: LeaderboardEntry): string {
  const query = new URLSearchParams({ username: entry.username });
  return `#/seasons/${seasonId}/participant/${entry.seasonParticipantId}?${query}`;
}

function Socials({ entry }: { entry: LeaderboardEntry }) {
  return (
    <span className="socials">
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
    </span>
  );
}

export function LeaderboardPage() {
  const dispatch = useAppDispatch();
  const { seasonId: seasonParam } = useParams();
  const seasonId = seasonParam === undefined ? null : Number(seasonParam);
  // Deferred: the ladder's rows render in slices once they arrive, not in one long task (useDeferredSelector).
  const leaderboard = useDeferredSelector(selectLeaderboard);
  // The admin variant (admin/leaderboard/{id}) is recognised by 'admin' in the address and leaves out
  // the builds column; admins never see it on the public address either (spec §2).
  const isAdminAddress = useLocation().pathname.includes('admin');
  const viewerIsAdmin = useAppSelector((state) => state.auth.loggedIn && state.auth.role === 'admin');
  const showClasses = !isAdminAddress && !viewerIsAdmin;

  const [params, setParams] = useSearchParams();
  const pages = Math.ceil(leaderboard.entries.length / LEADERBOARD_PAGE_SIZE);
  const page = leaderboardPage(params.get('page'), pages);

  useEffect(() => {
    dispatch(leaderboardRequested({ seasonId }));
  }, [dispatch, seasonId]);

  const goTo = useCallback(
    (next: number) =>
      setParams((current) => {
        const query = new URLSearchParams(current);
        if (next === 1) query.delete('page');
        else query.set('page', String(next));
        return query;
      }),
    [setParams],
  );

  return <LeaderboardView leaderboard={leaderboard} page={page} pages={pages} showClasses={showClasses} goTo={goTo} />;
}

/**
 * The page: its header, the table (or its placeholder, error or empty state) and the pages. Memoised, so
 * a store update that has not reached the deferred value yet renders nothing here.
 */
const LeaderboardView = memo(function LeaderboardView({
  leaderboard,
  page,
  pages,
  showClasses,
  goTo,
}: {
  leaderboard: ReturnType<typeof selectLeaderboard>;
  page: number;
  pages: number;
  showClasses: boolean;
  goTo: (page: number) => void;
}) {
  const { status, season, entries, error } = leaderboard;
  const shown = entries.slice((page - 1) * LEADERBOARD_PAGE_SIZE, page * LEADERBOARD_PAGE_SIZE);
  const columns = ['Rank', 'Name', 'Points', ...(showClasses ? ['Classes Played'] : []), 'Socials'];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader
        title={season ? `${season.displayName} Leaderboard` : 'Leaderboard'}
        // Two lines kept for the title on phones, where a ladder's name wraps, so the table does not move
        // down when the name arrives.
        titleSx={{ overflowWrap: 'anywhere', minHeight: { xs: '2.47em', sm: 0 } }}
      >
        {season?.seasonTypeId === 2 && (
          <LinkButton to={`/seasons/${season.seasonId}/kill-tracker`} variant="outlined">
            Kill Tracker
          </LinkButton>
        )}
        <LinkButton to="/seasons" variant="contained">
          Back To Seasons
        </LinkButton>
      </PageHeader>
      {(status === 'loading' || status === 'idle') && (
        <TableSkeleton
          label="Loading leaderboard"
          columns={columns}
          rows={LEADERBOARD_PAGE_SIZE}
          rowHeight={ROW_HEIGHT}
        />
      )}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && entries.length === 0 && <EmptyState text={NO_PARTICIPANTS_TEXT} />}
      {status === 'loaded' && season && entries.length > 0 && (
        <>
          <TableContainer component={Paper}>
            <Table size="small" aria-label="Leaderboard">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c} align={c === 'Points' ? 'right' : undefined} sx={cell}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              {/* Plain rows under one style (see plainTableBodySx): a styled component per cell made
                  rendering a page of the ladder the longest task of the page. */}
              <Box component="tbody" sx={rowsSx}>
                {shown.map((entry) => (
                  <tr key={entry.seasonParticipantId} className="hover" style={{ height: ROW_HEIGHT }}>
                    <td>{entry.rank}</td>
                    <td>
                      <a href={participantHref(season.seasonId, entry)} target="_blank" rel="noopener noreferrer">
                        {entry.username}
                      </a>
                    </td>
                    <td className="numeric">{entry.points}</td>
                    {showClasses && <td>{entry.classesPlayed.join(', ')}</td>}
                    <td>
                      <Socials entry={entry} />
                    </td>
                  </tr>
                ))}
              </Box>
            </Table>
          </TableContainer>
          {pages > 1 && (
            <Pagination
              aria-label="Leaderboard pages"
              count={pages}
              page={page}
              onChange={(_e, next) => goTo(next)}
              siblingCount={0}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </>
      )}
    </Container>
  );
});
