import Button from '@mui/material/Button';
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
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { profileActions, selectBlockedPlayers } from '../profile-slice';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import { useTradeParticipant } from './trade-layout';

/** profile/trade-blocked: players the caller blocked; Unblock takes one off the list. */
export function BlockedPlayersPage() {
  const { participantId, branch } = useTradeParticipant();
  const dispatch = useAppDispatch();
  const blocked = useAppSelector(selectBlockedPlayers);
  useEffect(() => {
    dispatch(profileActions.blockedPlayersRequested({ participantId, branch }));
  }, [dispatch, participantId, branch]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade current="Blocked Players" />
      <PageHeader title="Blocked Players" />
      {blocked.status === 'loading' || blocked.status === 'idle' ? (
        <LoadingState label="Loading blocked players" />
      ) : blocked.status === 'failed' ? (
        <ErrorState text="The blocked players could not be loaded." />
      ) : blocked.items.length === 0 ? (
        <EmptyState text="You have not blocked anyone." />
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Blocked players">
            <TableHead>
              <TableRow>
                <TableCell>Player</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {blocked.items.map((player) => (
                <TableRow key={player.ignoredParticipantId}>
                  <TableCell>{player.ignoredUsername}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() =>
                        dispatch(
                          profileActions.playerUnblocked({
                            participantId,
                            branch,
                            otherParticipantId: player.ignoredParticipantId,
                          }),
                        )
                      }
                      aria-label={`Unblock ${player.ignoredUsername}`}
                    >
                      Unblock
                    </Button>
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
