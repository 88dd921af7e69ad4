import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent } from 'react';
import type { ItemDisplay } from '@league/contracts';
import { CURRENCY_NAMES } from '@league/contracts/currencies';
import { STASH_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { postListTrade } from '../api/post-list-trade';
import { putTradeListing } from '../api/put-trade-listing';
import type { StashItem, TradeListing } from '../api/trade-types';
import { clampCount, editPrice, finalPrice, priceFromClipboard, priceToClipboard } from '../trade-rules';
import type { ActiveParticipant } from './participant-gate';
import { ItemName } from './item-name';
import { PriceHistory } from './price-history';

type Status = { kind: 'idle' } | { kind: 'processing' } | { kind: 'success' } | { kind: 'failed'; text: string };

/** The listing form: create one for a stash item, or edit an existing listing (count fixed then). */
export type ListingTarget = { kind: 'create'; item: StashItem } | { kind: 'edit'; listing: TradeListing };

function displayOf(target: ListingTarget): { display: ItemDisplay; itemId: number; maxCount: number } {
  if (target.kind === 'edit') {
    return {
      display: target.listing.itemDisplay,
      itemId: target.listing.participantItemId,
      maxCount: target.listing.maxCount,
    };
  }
  const { item } = target;
  return {
    display: {
      baseItem: item.baseItem,
      prefix: item.prefix,
      suffix: item.suffix,
      itemType: item.itemType ?? STASH_ITEM_TYPES[item.baseItem.itemTypeId ?? -1] ?? '',
    },
    itemId: item.participantItemId,
    maxCount: item.stackCount,
  };
}

/**
 * Create or edit a listing (spec §5): the asking price is cleared without a currency and at least 1 with
 * one; it copies to the clipboard as JSON and pastes back with Ctrl+V; the count is 1..maxCount and fixed
 * once the listing exists. A non-tradable item says 'Item cannot be traded'; a listed one says 'Item is
 * listed for trade' instead of offering to list it. Failures read 'Error: ' and the server's message.
 */
export function ListingDialog({
  participant,
  target,
  onClose,
  onSaved,
}: {
  participant: ActiveParticipant;
  target: ListingTarget;
  onClose: () => void;
  onSaved: (listing: TradeListing) => void;
}) {
  const existing = target.kind === 'edit' ? target.listing : null;
  const source = target.kind === 'create' ? target.item : target.listing;
  const { display, itemId, maxCount } = displayOf(target);
  const [count, setCount] = useState(String(target.kind === 'edit' ? target.listing.count : maxCount));
  const [currency, setCurrency] = useState(source.askingCurrency ?? '');
  const [price, setPrice] = useState(source.askingPrice ? String(source.askingPrice) : '');
  const [comment, setComment] = useState(source.sellerComment ?? '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [copied, setCopied] = useState(false);

  const blockedReason =
    target.kind === 'create' && !target.item.tradable
      ? 'Item cannot be traded'
      : target.kind === 'create' && target.item.forTrade
        ? 'Item is listed for trade'
        : null;

  const changeCurrency = (next: string) => {
    setCurrency(next);
    setPrice(next ? editPrice(next, price) || '1' : '');
  };

  const onPaste = (event: ClipboardEvent) => {
    const pasted = priceFromClipboard(event.clipboardData.getData('text'));
    if (!pasted) return;
    event.preventDefault();
    setCurrency(pasted.currency);
    setPrice(pasted.price);
  };

  const copy = async () => {
    await navigator.clipboard?.writeText(priceToClipboard(currency, price));
    setCopied(true);
  };

  const save = async () => {
    setStatus({ kind: 'processing' });
    const askingPrice = finalPrice(currency, price);
    const askingCurrency = currency || null;
    try {
      const saved = existing
        ? await putTradeListing(
            participant.participantId,
            { tradeListingId: existing.tradeListingId, askingCurrency, askingPrice, sellerComment: comment },
            participant.branch,
          )
        : await postListTrade(
            participant.participantId,
            {
              participantItemId: itemId,
              count: clampCount(count, maxCount),
              askingCurrency,
              askingPrice,
              sellerComment: comment,
            },
            participant.branch,
          );
      setStatus({ kind: 'success' });
      onSaved(saved);
    } catch (error) {
      setStatus({
        kind: 'failed',
        text: `Error: ${error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE}`,
      });
    }
  };

  const done = status.kind === 'success';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="listing-title">
      <DialogTitle id="listing-title">{existing ? 'Edit Listing' : 'List Item for Trade'}</DialogTitle>
      <DialogContent onPaste={onPaste}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <div>
            <ItemName display={display} itemId={itemId} stackCount={maxCount} />
          </div>
          {blockedReason ? (
            <Alert severity={blockedReason === 'Item cannot be traded' ? 'warning' : 'info'}>{blockedReason}</Alert>
          ) : (
            <>
              {maxCount > 1 && (
                <TextField
                  label="Count"
                  type="number"
                  size="small"
                  value={count}
                  disabled={existing !== null}
                  onChange={(e) => setCount(e.target.value === '' ? '' : String(clampCount(e.target.value, maxCount)))}
                  onBlur={() => setCount(String(clampCount(count, maxCount)))}
                  slotProps={{ htmlInput: { min: 1, max: maxCount } }}
                />
              )}
              <Stack direction="row" spacing={1}>
                <TextField
                  select
                  label="Asking currency"
                  size="small"
                  value={currency}
                  onChange={(e) => changeCurrency(e.target.value)}
                  sx={{ flex: 2 }}
                >
                  <MenuItem value="">-- None (offers only) --</MenuItem>
                  {CURRENCY_NAMES.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Asking price"
                  type="number"
                  size="small"
                  value={price}
                  disabled={!currency}
                  onChange={(e) => setPrice(editPrice(currency, e.target.value))}
                  onBlur={() => currency && setPrice(editPrice(currency, price) || '1')}
                  slotProps={{ htmlInput: { min: 1 } }}
                  sx={{ flex: 1 }}
                />
                <Button onClick={() => void copy()} variant="outlined" size="small">
                  {copied ? 'Copied' : 'Copy Price'}
                </Button>
              </Stack>
              <TextField
                label="Comment"
                size="small"
                multiline
                minRows={2}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <PriceHistory participantItemId={itemId} branch={participant.branch} />
            </>
          )}
          {status.kind === 'processing' && <Alert severity="info">Processing…</Alert>}
          {status.kind === 'success' && (
            <Alert severity="success">{existing ? 'Listing saved.' : 'Item listed for trade.'}</Alert>
          )}
          {status.kind === 'failed' && <Alert severity="error">{status.text}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done ? 'Close' : 'Cancel'}</Button>
        {!blockedReason && !done && (
          <Button variant="contained" onClick={() => void save()} disabled={status.kind === 'processing'}>
            {existing ? 'Save Listing' : 'Create Listing'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
