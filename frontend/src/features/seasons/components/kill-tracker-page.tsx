import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import { killTrackerRequested, selectKillTracker } from '../seasons-slice';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

export const NO_KILLS_TEXT = 'No deaths have been recorded yet.';

/**
 * The kill tracker. As the spec says, the season shown is the first non-beta transfer (type 2) ladder of
 * the latest season, whichever season id the address names.
 */
export function KillTrackerPage() {
  const dispatch = useAppDispatch();
  const { status, season, rows, error } = useAppSelector(selectKillTracker);

  useEffect(() => {
    dispatch(killTrackerRequested());
  }, [dispatch]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title={season ? `${season.displayName} Kill Tracker` : 'Kill Tracker'}>
        {season && (
          <LinkButton to={`/seasons/${season.seasonId}/death-analytics`} variant="outlined">
            Death Analytics
          </LinkButton>
        )}
        <LinkButton to="/seasons" variant="contained">
          Back To Seasons
        </LinkButton>
      </PageHeader>
      {status === 'loading' && <LoadingState label="Loading kill tracker" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && rows.length === 0 && <EmptyState text={NO_KILLS_TEXT} />}
      {status === 'loaded' && rows.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Kill Tracker">
            <TableHead>
              <TableRow>
                <TableCell>Killed By</TableCell>
                <TableCell align="right">Killed Count</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.killedBy} hover>
                  <TableCell>{row.killedBy}</TableCell>
                  <TableCell align="right">{row.killedCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}
