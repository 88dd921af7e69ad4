import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { ItemDisplay } from '@league/contracts';
import { STASH_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { getTradeCurrencies } from '../api/get-trade-currencies';
import { postBuyout } from '../api/post-buyout';
import { postTradeOffer } from '../api/post-trade-offer';
import type { StashItem, TradeCurrency, TradeListing } from '../api/trade-types';
import { selectChosenListing } from '../profile-slice';
import { canBuyOut, clampCount } from '../trade-rules';
import { ItemName } from './item-name';
import { ParticipantGate, type ActiveParticipant } from './participant-gate';
import { PriceHistory } from './price-history';
import { StashBrowser, priceText } from './stash-browser';
import { TRADE_SEARCH_PATH } from './stash-page';
import { TradeBreadcrumbs } from './trade-breadcrumbs';

interface OfferedItem {
  participantItemId: number;
  count: string;
  maxCount: number;
  display: ItemDisplay;
}

type Status = 'idle' | 'processing' | 'success' | 'error';

function offeredFrom(item: StashItem): OfferedItem {
  return {
    participantItemId: item.participantItemId,
    count: '1',
    maxCount: item.stackCount,
    display: {
      baseItem: item.baseItem,
      prefix: item.prefix,
      suffix: item.suffix,
      itemType: item.itemType ?? STASH_ITEM_TYPES[item.baseItem.itemTypeId ?? -1] ?? '',
    },
  };
}

function OfferScreen({ participant, listing }: { participant: ActiveParticipant; listing: TradeListing }) {
  const [offered, setOffered] = useState<OfferedItem[]>([]);
  const [comment, setComment] = useState('');
  const [balances, setBalances] = useState<TradeCurrency[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [action, setAction] = useState<'offer' | 'buyout' | null>(null);

  useEffect(() => {
    let current = true;
    getTradeCurrencies(participant.participantId, participant.branch).then(
      (list) => current && setBalances(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [participant.participantId, participant.branch]);

  // The same item only once (spec §5).
  const add = (item: StashItem) =>
    setOffered((list) =>
      list.some((o) => o.participantItemId === item.participantItemId) ? list : [...list, offeredFrom(item)],
    );

  const setCount = (id: number, raw: string) =>
    setOffered((list) =>
      list.map((o) =>
        o.participantItemId === id ? { ...o, count: raw === '' ? '' : String(clampCount(raw, o.maxCount)) } : o,
      ),
    );

  const sendOffer = async () => {
    setAction('offer');
    setStatus('processing');
    try {
      await postTradeOffer(
        participant.participantId,
        {
          tradeListingId: listing.tradeListingId,
          comment,
          // Counts are checked once more before sending.
          tradeOfferItems: offered.map((o) => ({
            participantItemId: o.participantItemId,
            count: clampCount(o.count, o.maxCount),
          })),
        },
        participant.branch,
      );
      setStatus('success');
    } catch {
      setStatus('error');
    }
  };

  const buyOut = async () => {
    setAction('buyout');
    setStatus('processing');
    try {
      await postBuyout(participant.participantId, listing.tradeListingId, participant.branch);
      setStatus('success');
    } catch {
      setStatus('error');
    }
  };

  const finished = status === 'processing' || status === 'success';
  const buyable = canBuyOut(listing, balances);
  const held = balances.find((b) => b.currency === listing.askingCurrency)?.amount ?? 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade current="Make Offer" trail={[{ label: 'Item Search', to: TRADE_SEARCH_PATH }]} />
      <PageHeader title={`${participant.season.displayName} Trading Post – Make Offer`} />
      <Paper component="section" aria-label="Listed item" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          <ItemName display={listing.itemDisplay} itemId={listing.participantItemId} stackCount={listing.count} />
        </Typography>
        <Typography>Seller: {listing.owner}</Typography>
        <Typography>Asking price: {priceText(listing.askingCurrency, listing.askingPrice)}</Typography>
        {listing.sellerComment && <Typography sx={{ color: 'text.secondary' }}>“{listing.sellerComment}”</Typography>}
        <PriceHistory participantItemId={listing.participantItemId} branch={participant.branch} />
        {listing.askingCurrency && listing.askingPrice && (
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" color="secondary" disabled={!buyable || finished} onClick={() => void buyOut()}>
              Buy Out
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              You hold {held} {listing.askingCurrency}.
            </Typography>
          </Stack>
        )}
      </Paper>

      <Paper component="section" aria-label="Your offer" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2">
          Your Offer
        </Typography>
        {offered.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', my: 1 }}>Add items from your cloud stash below.</Typography>
        ) : (
          <List aria-label="Offered items">
            {offered.map((o) => (
              <ListItem key={o.participantItemId} disableGutters sx={{ gap: 2 }}>
                <ItemName display={o.display} itemId={o.participantItemId} />
                {o.maxCount > 1 && (
                  <TextField
                    size="small"
                    type="number"
                    label="Count"
                    value={o.count}
                    onChange={(e) => setCount(o.participantItemId, e.target.value)}
                    onBlur={() => setCount(o.participantItemId, String(clampCount(o.count, o.maxCount)))}
                    slotProps={{ htmlInput: { min: 1, max: o.maxCount } }}
                    sx={{ width: 100 }}
                  />
                )}
                <IconButton
                  aria-label={`Remove ${o.display.baseItem.itemDbrTag.name} from offer`}
                  onClick={() => setOffered((list) => list.filter((x) => x.participantItemId !== o.participantItemId))}
                  disabled={finished}
                >
                  <CloseIcon />
                </IconButton>
              </ListItem>
            ))}
          </List>
        )}
        <TextField
          label="Comment"
          size="small"
          fullWidth
          multiline
          minRows={2}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          sx={{ my: 2 }}
        />
        <Button variant="contained" disabled={offered.length === 0 || finished} onClick={() => void sendOffer()}>
          Send Offer
        </Button>
        {status === 'processing' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Processing…
          </Alert>
        )}
        {status === 'success' && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {action === 'buyout' ? 'Bought out: the item is in your cloud stash.' : 'Offer sent.'}
          </Alert>
        )}
        {status === 'error' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {action === 'buyout' ? 'The buyout failed.' : 'The offer failed.'}
          </Alert>
        )}
      </Paper>

      {!finished && (
        <StashBrowser
          participant={participant}
          mode="offer"
          onAddToOffer={add}
          offeredIds={offered.map((o) => o.participantItemId)}
        />
      )}
    </Container>
  );
}

/** profile/trade-offer?t=offer: offer on or buy out the listing chosen on the search (spec §2). */
export function TradeOfferPage() {
  const listing = useAppSelector(selectChosenListing);
  if (!listing) return <Navigate to={TRADE_SEARCH_PATH} replace />;
  return (
    <ParticipantGate seasonTypeId={1}>
      {(participant) => <OfferScreen participant={participant} listing={listing} />}
    </ParticipantGate>
  );
}
