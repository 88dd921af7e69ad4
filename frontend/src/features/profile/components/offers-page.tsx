import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import type { TradeOffer } from '../api/trade-types';
import { profileActions, selectIncomingOffers, selectMyOffers } from '../profile-slice';
import { ItemName } from './item-name';
import { priceText } from './stash-browser';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import { useTradeParticipant } from './trade-layout';

export type OffersView = 'incoming' | 'mine';

function OfferedItems({ offer }: { offer: TradeOffer }) {
  return (
    <Stack spacing={0.5}>
      {offer.tradeOfferItems.map((item) => (
        <span key={item.participantItemId}>
          {item.itemDisplay ? (
            <ItemName display={item.itemDisplay} itemId={item.participantItemId} stackCount={item.count} />
          ) : (
            `${item.itemName ?? 'Item'}${item.count > 1 ? ` ×${item.count}` : ''}`
          )}
        </span>
      ))}
    </Stack>
  );
}

/**
 * profile/my-offers and profile/incoming-offers: one screen (spec §2). The listing owner approves,
 * rejects or blocks (every offer on an answered listing, and every offer of a blocked player, leaves the
 * list); the offerer removes their own. Incoming offers update live.
 */
export function OffersPage({ view }: { view: OffersView }) {
  const { participantId, branch } = useTradeParticipant();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const incoming = useAppSelector(selectIncomingOffers);
  const mine = useAppSelector(selectMyOffers);
  const offers = view === 'incoming' ? incoming : mine;
  const scope = { participantId, branch };

  useEffect(() => {
    const at = { participantId, branch };
    dispatch(view === 'incoming' ? profileActions.incomingOffersRequested(at) : profileActions.myOffersRequested(at));
  }, [dispatch, view, participantId, branch]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade current={view === 'incoming' ? 'Incoming Offers' : 'My Offers'} />
      <PageHeader title={view === 'incoming' ? 'Incoming Offers' : 'My Offers'} />
      <Tabs
        value={view}
        onChange={(_e, next: OffersView) =>
          navigate(next === 'incoming' ? '/profile/incoming-offers?st=1' : '/profile/my-offers?st=1')
        }
        aria-label="Offers"
        sx={{ mb: 2 }}
      >
        <Tab value="mine" label="My Offers" />
        <Tab value="incoming" label="Incoming Offers" />
      </Tabs>
      {offers.status === 'loading' || offers.status === 'idle' ? (
        <LoadingState label="Loading offers" />
      ) : offers.status === 'failed' ? (
        <ErrorState text="The offers could not be loaded." />
      ) : offers.items.length === 0 ? (
        <EmptyState text={view === 'incoming' ? 'No offers on your listings.' : 'You have no open offers.'} />
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={view === 'incoming' ? 'Incoming offers' : 'My offers'}>
            <TableHead>
              <TableRow>
                <TableCell>Listed Item</TableCell>
                <TableCell>Asking Price</TableCell>
                <TableCell>{view === 'incoming' ? 'From' : 'Seller'}</TableCell>
                <TableCell>Offered Items</TableCell>
                <TableCell>Comment</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {offers.items.map((offer) => (
                <TableRow key={offer.tradeOfferId} data-testid="offer-row">
                  <TableCell>
                    {offer.tradeListing ? (
                      <ItemName
                        display={offer.tradeListing.itemDisplay}
                        itemId={offer.tradeListing.participantItemId}
                        stackCount={offer.tradeListing.count}
                      />
                    ) : (
                      `Listing ${offer.tradeListingId}`
                    )}
                  </TableCell>
                  <TableCell>
                    {offer.tradeListing
                      ? priceText(offer.tradeListing.askingCurrency, offer.tradeListing.askingPrice)
                      : ''}
                  </TableCell>
                  <TableCell>{view === 'incoming' ? offer.offerFrom : offer.tradeListing?.owner}</TableCell>
                  <TableCell>
                    <OfferedItems offer={offer} />
                  </TableCell>
                  <TableCell>{offer.comment}</TableCell>
                  <TableCell>
                    {view === 'incoming' ? (
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="contained"
                          color="success"
                          onClick={() => dispatch(profileActions.offerAnswered({ ...scope, offer, accepted: true }))}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => dispatch(profileActions.offerAnswered({ ...scope, offer, accepted: false }))}
                        >
                          Reject
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() =>
                            dispatch(
                              profileActions.playerBlocked({ ...scope, otherParticipantId: offer.seasonParticipantId }),
                            )
                          }
                        >
                          Block
                        </Button>
                      </Stack>
                    ) : (
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        onClick={() =>
                          dispatch(profileActions.offerWithdrawn({ ...scope, tradeOfferId: offer.tradeOfferId }))
                        }
                      >
                        Remove
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
