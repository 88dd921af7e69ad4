import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { CURRENCY_NAMES } from '@league/contracts/currencies';
import { STASH_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { profileActions, selectSavedSearchSave } from '../profile-slice';
import { describeSearch, savedSearchRequest } from '../saved-searches';
import type { ItemFilterValues } from '../api/item-query';
import type { ActiveParticipant } from './participant-gate';

const typeName = (id: number) => STASH_ITEM_TYPES[id] ?? String(id);

/**
 * 'Save this search': the current filters under a name, optionally only up to a price in one currency.
 * The trade service keeps it (at most 20) and reports new listings that match it as 'New Match'.
 */
export function SaveSearchDialog({
  participant,
  filters,
  onClose,
  onSaved,
}: {
  participant: ActiveParticipant;
  filters: ItemFilterValues;
  onClose: () => void;
  /** Called once the service has kept the search. */
  onSaved: () => void;
}) {
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectSavedSearchSave);
  const [name, setName] = useState(() => describeSearch(filters, typeName));
  const [currency, setCurrency] = useState('');
  const [price, setPrice] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (submitted && save.status === 'saved') onSaved();
  }, [submitted, save.status, onSaved]);

  const amount = Math.floor(Number(price));
  const priceProblem =
    currency === '' && price.trim() === ''
      ? null
      : currency === ''
        ? 'Choose the currency of the maximum price'
        : !(amount >= 1)
          ? 'The maximum price is a whole number of at least 1'
          : null;
  const invalid = name.trim() === '' || name.trim().length > 100 || priceProblem !== null;

  const submit = () => {
    if (invalid) return;
    setSubmitted(true);
    dispatch(
      profileActions.savedSearchSaveRequested({
        participantId: participant.participantId,
        branch: participant.branch,
        search: savedSearchRequest(filters, name, currency ? { currency, amount } : null),
      }),
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="save-search-title">
      <DialogTitle id="save-search-title">Save this search</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {describeSearch(filters, typeName)}. New listings that match are reported in your trade notifications, even
            while you are away.
          </Typography>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={name.trim() === '' || name.trim().length > 100}
            helperText={name.trim() === '' ? 'Give the search a name' : undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label="Max price currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              sx={{ flex: 1 }}
            >
              <MenuItem value="">Any price</MenuItem>
              {CURRENCY_NAMES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Max price"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              error={priceProblem !== null}
              helperText={priceProblem ?? undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          {submitted && save.status === 'failed' && <Alert severity="error">{save.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={invalid || (submitted && save.status === 'saving')}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
