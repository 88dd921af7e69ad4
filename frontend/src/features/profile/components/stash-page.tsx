import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/page-states';
import type { StashItem, TradeListing } from '../api/trade-types';
import { profileActions } from '../profile-slice';
import type { ItemFilterValues } from '../api/item-query';
import { stashScreenStart, type StashScreenStart } from '../screen-start';
import { ListingDialog } from './listing-dialog';
import { useActiveParticipant, type ActiveParticipant } from './participant-gate';
import { SaveSearchDialog } from './save-search-dialog';
import { StashBrowser } from './stash-browser';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import '@/styles/prebuilt/stash';

export const TRADE_SEARCH_PATH = '/profile/trade-search?st=1&t=search';
export const TRADE_OFFER_PATH = '/profile/trade-offer?st=1&t=offer';

// On phones the title (the ladder's name and the page's) takes up to three lines; they are kept from the
// start, so the filters and the table do not move down when the ladder's name arrives.
const titleSx = { overflowWrap: 'anywhere', minHeight: { xs: '3.7em', sm: 0 } } as const;

/**
 * The screen is laid out at once, before the caller's participant is known (null): title, tabs, filters and
 * the table's placeholder rows keep their place, and the rows come in where the placeholders were.
 */
function StashScreen({
  participant,
  start: { seasonTypeId, search, initialFilters },
}: {
  participant: ActiveParticipant | null;
  start: StashScreenStart;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get('q');
  const [filters, setFilters] = useState<ItemFilterValues>(initialFilters);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [listingItem, setListingItem] = useState<StashItem | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const seasonName = participant?.season.displayName;
  const place = search ? 'Trading Post – Item Search' : 'Cloud Stash';

  const makeOffer = (listing: TradeListing) => {
    dispatch(profileActions.tradeListingChosen(listing));
    navigate(TRADE_OFFER_PATH);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade={search} current={search ? 'Item Search' : 'Stash'} />
      <PageHeader title={seasonName ? `${seasonName} ${place}` : place} titleSx={titleSx}>
        {search && (
          <Button
            variant="outlined"
            disabled={!participant}
            onClick={() => {
              setSaved(false);
              setSaving(true);
            }}
          >
            Save this search
          </Button>
        )}
        {!search && seasonTypeId === 1 && (
          <Button variant="outlined" onClick={() => navigate('/profile/trading-post?st=1')}>
            Trading Post
          </Button>
        )}
      </PageHeader>
      {saved && (
        <Alert severity="success" onClose={() => setSaved(false)} sx={{ mb: 2 }}>
          Search saved: the trading post lists it, and new listings that match it are reported in your notifications.
        </Alert>
      )}
      <StashBrowser
        key={q ?? ''}
        participant={participant}
        seasonTypeId={seasonTypeId}
        initialFilters={initialFilters}
        onFiltersChange={(next) => {
          setFilters(next);
          setSaved(false);
        }}
        mode={search ? 'search' : 'stash'}
        onTrade={setListingItem}
        onMakeOffer={makeOffer}
        reloadKey={reloadKey}
      />
      {saving && participant && (
        <SaveSearchDialog
          participant={participant}
          filters={filters}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
            setSaved(true);
          }}
        />
      )}
      {listingItem && participant && (
        <ListingDialog
          participant={participant}
          target={{ kind: 'create', item: listingItem }}
          onClose={() => setListingItem(null)}
          onSaved={() => setReloadKey((k) => k + 1)}
        />
      )}
    </Container>
  );
}

/** profile/stash?st= (the cloud stash) and profile/trade-search?st=1&t=search: one screen (spec §2). */
export function StashPage({ search: searchRoute = false }: { search?: boolean }) {
  const [params] = useSearchParams();
  const start = stashScreenStart(searchRoute, params);
  const load = useActiveParticipant(start.seasonTypeId);
  // Without a participant of that type the visitor goes back to the profile (spec §2).
  if (load.kind === 'missing') return <Navigate to="/profile" replace />;
  if (load.kind === 'failed')
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <ErrorState text={load.text} />
      </Container>
    );
  return <StashScreen participant={load.kind === 'ready' ? load.participant : null} start={start} />;
}
