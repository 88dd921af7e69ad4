import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import type { StashItem, TradeListing } from '../api/trade-types';
import { profileActions } from '../profile-slice';
import { filtersFromQuery } from '../saved-searches';
import { NO_FILTERS, type ItemFilterValues } from './item-filters';
import { ListingDialog } from './listing-dialog';
import { ParticipantGate, type ActiveParticipant } from './participant-gate';
import { SaveSearchDialog } from './save-search-dialog';
import { StashBrowser } from './stash-browser';
import { TradeBreadcrumbs } from './trade-breadcrumbs';

export const TRADE_SEARCH_PATH = '/profile/trade-search?st=1&t=search';
export const TRADE_OFFER_PATH = '/profile/trade-offer?st=1&t=offer';

function StashScreen({ participant, search }: { participant: ActiveParticipant; search: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get('q');
  const initialFilters = (search && filtersFromQuery(q)) || NO_FILTERS;
  const [filters, setFilters] = useState<ItemFilterValues>(initialFilters);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [listingItem, setListingItem] = useState<StashItem | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const seasonName = participant.season.displayName;

  const makeOffer = (listing: TradeListing) => {
    dispatch(profileActions.tradeListingChosen(listing));
    navigate(TRADE_OFFER_PATH);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade={search} current={search ? 'Item Search' : 'Stash'} />
      <PageHeader title={search ? `${seasonName} Trading Post – Item Search` : `${seasonName} Cloud Stash`}>
        {search && (
          <Button
            variant="outlined"
            onClick={() => {
              setSaved(false);
              setSaving(true);
            }}
          >
            Save this search
          </Button>
        )}
        {!search && participant.season.seasonTypeId === 1 && (
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
      {saving && (
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
      {listingItem && (
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
  const search = searchRoute || params.get('t') === 'search';
  const seasonTypeId = search ? 1 : Number(params.get('st') ?? '1');
  return (
    <ParticipantGate seasonTypeId={seasonTypeId}>
      {(participant) => <StashScreen participant={participant} search={search} />}
    </ParticipantGate>
  );
}
