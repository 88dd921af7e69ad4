import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import { countNew, profileActions, selectNotifications } from '../profile-slice';
import { loadSavedSearches, removeSavedSearch, savedSearchPath } from '../saved-searches';
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
  const [savedSearches, setSavedSearches] = useState(() => loadSavedSearches(participantId));

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
      <Paper component="section" aria-labelledby="saved-searches" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="saved-searches" variant="h6" component="h2">
          Saved Searches
        </Typography>
        {savedSearches.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Save a trade search to run it again from here.
          </Typography>
        ) : (
          <List aria-label="Saved searches">
            {savedSearches.map((s) => (
              <ListItem key={s.id} disableGutters sx={{ gap: 1 }}>
                <Typography sx={{ flex: 1 }}>{s.label}</Typography>
                <LinkButton
                  to={savedSearchPath(s.filters)}
                  size="small"
                  variant="contained"
                  aria-label={`Run ${s.label}`}
                >
                  Run
                </LinkButton>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete ${s.label}`}
                  onClick={() => setSavedSearches(removeSavedSearch(participantId, s.id))}
                >
                  Delete
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Container>
  );
}
