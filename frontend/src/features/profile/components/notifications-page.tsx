import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { isShownNotification, profileActions, selectNotifications } from '../profile-slice';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import { useTradeParticipant } from './trade-layout';

/** profile/trade-notifications: New badge and Ok per unacknowledged row, Acknowledge All; live. */
export function NotificationsPage() {
  const { participantId, branch } = useTradeParticipant();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  useEffect(() => {
    dispatch(profileActions.notificationsRequested({ participantId, branch }));
  }, [dispatch, participantId, branch]);

  const rows = notifications.items.filter(isShownNotification);
  const fresh = rows.filter((n) => !n.acknowledgedOn).map((n) => n.tradeNotificationId);
  const acknowledge = (ids: number[]) =>
    dispatch(profileActions.notificationsAcknowledged({ participantId, branch, ids }));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade current="Notifications" />
      <PageHeader title="Trade Notifications">
        <Button variant="contained" disabled={fresh.length === 0} onClick={() => acknowledge(fresh)}>
          Acknowledge All
        </Button>
      </PageHeader>
      {notifications.status === 'loading' || notifications.status === 'idle' ? (
        <LoadingState label="Loading notifications" />
      ) : notifications.status === 'failed' ? (
        <ErrorState text="The notifications could not be loaded." />
      ) : rows.length === 0 ? (
        <EmptyState text="No notifications." />
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Notifications">
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>Date</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Listed Item</TableCell>
                <TableCell>Offered Items</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((n) => (
                <TableRow key={n.tradeNotificationId} data-testid="notification-row">
                  <TableCell>{!n.acknowledgedOn && <Chip label="New" color="secondary" size="small" />}</TableCell>
                  <TableCell>{new Date(n.createdOn).toLocaleString()}</TableCell>
                  <TableCell>{n.status}</TableCell>
                  <TableCell>{n.offerFrom}</TableCell>
                  <TableCell>{n.listedItemName}</TableCell>
                  <TableCell>{n.offeredItems}</TableCell>
                  <TableCell>
                    {!n.acknowledgedOn && (
                      <Button size="small" variant="outlined" onClick={() => acknowledge([n.tradeNotificationId])}>
                        Ok
                      </Button>
                    )}
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
