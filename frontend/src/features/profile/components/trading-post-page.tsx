import Badge from '@mui/material/Badge';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import { countNew, profileActions, selectNotifications } from '../profile-slice';
import { TRADE_SEARCH_PATH } from './stash-page';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import { useTradeParticipant } from './trade-layout';

/** profile/trading-post: the hub (spec §2), with the season's name and the count of new notifications. */
export function TradingPostPage() {
  const participant = useTradeParticipant();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  const { participantId, branch } = participant;
  useEffect(() => {
    dispatch(profileActions.notificationsRequested({ participantId, branch }));
  }, [dispatch, participantId, branch]);
  const fresh = countNew(notifications.items);

  const links = [
    { label: 'Notifications', to: '/profile/trade-notifications?st=1', badge: fresh },
    { label: 'Search Trade Listings', to: TRADE_SEARCH_PATH, badge: 0 },
    { label: 'My Offers', to: '/profile/my-offers?st=1', badge: 0 },
    { label: 'My Listings', to: '/profile/my-listings?st=1', badge: 0 },
    { label: 'Incoming Offers', to: '/profile/incoming-offers?st=1', badge: 0 },
    { label: 'Blocked Players', to: '/profile/trade-blocked?st=1', badge: 0 },
  ];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade={false} current="Trading Post" />
      <PageHeader title={`${participant.season.displayName} Trading Post`} />
      <Grid container spacing={2}>
        {links.map((link) => (
          <Grid key={link.label} size={{ xs: 12, sm: 6 }}>
            <Badge
              badgeContent={link.badge}
              color="secondary"
              sx={{ width: '100%' }}
              aria-label={link.badge ? `${link.badge} new` : undefined}
            >
              <LinkButton to={link.to} variant="outlined" fullWidth size="large" sx={{ py: 2 }}>
                {link.label}
              </LinkButton>
            </Badge>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
