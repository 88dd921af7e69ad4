import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import type { TradeListing } from '../api/trade-types';
import { profileActions, selectMyListings } from '../profile-slice';
import { ItemName } from './item-name';
import { ListingDialog } from './listing-dialog';
import { priceText } from './stash-browser';
import { TradeBreadcrumbs } from './trade-breadcrumbs';
import { useTradeParticipant } from './trade-layout';

/** profile/my-listings: the caller's open listings, each editable (price, comment) or removable. */
export function MyListingsPage() {
  const participant = useTradeParticipant();
  const { participantId, branch } = participant;
  const dispatch = useAppDispatch();
  const listings = useAppSelector(selectMyListings);
  const [editing, setEditing] = useState<TradeListing | null>(null);

  useEffect(() => {
    dispatch(profileActions.myListingsRequested({ participantId, branch }));
  }, [dispatch, participantId, branch]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <TradeBreadcrumbs trade current="My Listings" />
      <PageHeader title="My Listings" />
      {listings.status === 'loading' || listings.status === 'idle' ? (
        <LoadingState label="Loading listings" />
      ) : listings.status === 'failed' ? (
        <ErrorState text="The listings could not be loaded." />
      ) : listings.items.length === 0 ? (
        <EmptyState text="You have no items listed for trade." />
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="My listings">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell>Count</TableCell>
                <TableCell>Asking Price</TableCell>
                <TableCell>Comment</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {listings.items.map((listing) => (
                <TableRow key={listing.tradeListingId} data-testid="listing-row">
                  <TableCell>
                    <ItemName display={listing.itemDisplay} itemId={listing.participantItemId} />
                  </TableCell>
                  <TableCell>{listing.count}</TableCell>
                  <TableCell>{priceText(listing.askingCurrency, listing.askingPrice)}</TableCell>
                  <TableCell>{listing.sellerComment}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => setEditing(listing)}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() =>
                          dispatch(
                            profileActions.listingRemoved({
                              participantId,
                              branch,
                              tradeListingId: listing.tradeListingId,
                            }),
                          )
                        }
                      >
                        Remove
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <ListingDialog
          participant={participant}
          target={{ kind: 'edit', listing: editing }}
          onClose={() => setEditing(null)}
          onSaved={(saved) => dispatch(profileActions.listingSaved(saved))}
        />
      )}
    </Container>
  );
}
