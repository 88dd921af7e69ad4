import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import { STASH_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { LinkButton } from '@/components/ui/query-link';
import type { SavedSearch } from '../api/trade-types';
import { countNew, profileActions, selectNotifications, selectSavedSearches } from '../profile-slice';
import { describeSearch, filtersOf, savedSearchPath } from '../saved-searches';
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
    dispatch(profileActions.savedSearchesRequested({ participantId, branch }));
  }, [dispatch, participantId, branch]);
  const fresh = countNew(notifications.items);
  const savedSearches = useAppSelector(selectSavedSearches);
  const scope = { participantId, branch };

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
        {savedSearches.status === 'failed' ? (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 1 }}>
            The saved searches could not be loaded.
          </Typography>
        ) : savedSearches.status !== 'ready' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Loading…
          </Typography>
        ) : savedSearches.items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Save a trade search to have new listings that match it reported here, even while you are away.
          </Typography>
        ) : (
          <List aria-label="Saved searches">
            {savedSearches.items.map((s) => (
              <SavedSearchRow
                key={s.savedSearchId}
                search={s}
                onRun={() => dispatch(profileActions.savedSearchRun({ ...scope, savedSearchId: s.savedSearchId }))}
                onPause={() =>
                  dispatch(
                    profileActions.savedSearchPauseToggled({
                      ...scope,
                      savedSearchId: s.savedSearchId,
                      paused: !s.paused,
                    }),
                  )
                }
                onDelete={() =>
                  dispatch(profileActions.savedSearchRemoved({ ...scope, savedSearchId: s.savedSearchId }))
                }
              />
            ))}
          </List>
        )}
      </Paper>
    </Container>
  );
}

const typeName = (id: number) => STASH_ITEM_TYPES[id] ?? String(id);

/** One saved search: its name and filters, new matches since it was last run, Run, Pause/Resume, Delete. */
function SavedSearchRow({
  search: s,
  onRun,
  onPause,
  onDelete,
}: {
  search: SavedSearch;
  onRun: () => void;
  onPause: () => void;
  onDelete: () => void;
}) {
  const filters = filtersOf(s);
  const price = s.maxPrice !== null && s.maxPriceCurrency ? ` · at most ${s.maxPrice} ${s.maxPriceCurrency}` : '';
  return (
    <ListItem disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
      <div style={{ flex: 1, minWidth: 200 }}>
        <Typography component="div">
          {s.name}
          {s.paused && <Chip label="Paused" size="small" sx={{ ml: 1 }} />}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {describeSearch(filters, typeName)}
          {price}
        </Typography>
      </div>
      <Chip
        label={`${s.newMatches} new`}
        color={s.newMatches > 0 ? 'secondary' : 'default'}
        size="small"
        aria-label={`${s.newMatches} new matches for ${s.name}`}
      />
      <LinkButton
        to={savedSearchPath(filters)}
        size="small"
        variant="contained"
        aria-label={`Run ${s.name}`}
        onClick={onRun}
      >
        Run
      </LinkButton>
      <Button size="small" aria-label={`${s.paused ? 'Resume' : 'Pause'} ${s.name}`} onClick={onPause}>
        {s.paused ? 'Resume' : 'Pause'}
      </Button>
      <Button size="small" color="error" aria-label={`Delete ${s.name}`} onClick={onDelete}>
        Delete
      </Button>
    </ListItem>
  );
}
