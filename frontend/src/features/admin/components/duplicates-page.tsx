import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/page-states';
import type { SuspectedDuplicate } from '../api/admin-types';
import { getDuplicatesPage, type DuplicateFilter } from '../api/get-duplicates';
import { postReleaseDuplicate } from '../api/post-release-duplicate';
import { postRemoveDuplicate } from '../api/post-remove-duplicate';
import { AdminGrid, useServerGrid } from './admin-grid';
import { ADMIN_SEASONS } from './admin-home-page';
import { ConfirmDialog, PlainLinkButton } from './admin-ui';
import { duplicateColumns } from './duplicates-columns';

const FILTERS: Array<{ value: DuplicateFilter; label: string }> = [
  { value: 'held', label: 'Held (waiting for review)' },
  { value: 'released', label: 'Released' },
  { value: 'removed', label: 'Removed' },
  { value: 'all', label: 'All' },
];

/**
 * admin/duplicates: copies held at upload because the season already held the same item instance. Each row
 * shows both holders (who, when and through which upload each copy arrived, where it is now) and the
 * instance's trades; Release (a chance collision) and Remove (the copy is deleted, its owner notified) are
 * logged with the admin's name. The server pages and sorts.
 */
export function DuplicatesPage() {
  const [state, setState] = useState<DuplicateFilter>('held');
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<SuspectedDuplicate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { status, error, refresh, gridProps } = useServerGrid<SuspectedDuplicate>(
    (req) => getDuplicatesPage(state, seasonId, req),
    [state, seasonId],
    [{ field: 'heldAt', sort: 'desc' }],
  );

  const decide = async (row: SuspectedDuplicate, decision: 'release' | 'remove') => {
    setBusy(row.participantItemId);
    try {
      await (decision === 'release' ? postReleaseDuplicate : postRemoveDuplicate)(row.participantItemId);
      setDone(
        decision === 'release'
          ? `${row.itemName} of ${row.heldCopy.holder} was released: it is a normal item again.`
          : `${row.itemName} of ${row.heldCopy.holder} was removed; ${row.heldCopy.holder} is notified.`,
      );
      await refresh();
    } catch {
      // the Error modal has told the admin
    } finally {
      setBusy(null);
    }
  };
  const columns = duplicateColumns({
    busy,
    onRelease: (row) => void decide(row, 'release'),
    onRemove: (row) => setRemoving(row),
  });

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title="Suspected Duplicates">
        <PlainLinkButton to="/admin" variant="outlined">
          Back
        </PlainLinkButton>
      </PageHeader>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          label="Show"
          value={state}
          onChange={(e) => setState(e.target.value as DuplicateFilter)}
          sx={{ minWidth: 240 }}
        >
          {FILTERS.map((f) => (
            <MenuItem key={f.value} value={f.value}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Season"
          value={seasonId === null ? '' : String(seasonId)}
          onChange={(e) => setSeasonId(e.target.value ? Number(e.target.value) : null)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">All seasons</MenuItem>
          {ADMIN_SEASONS.map((s) => (
            <MenuItem key={s.seasonId} value={String(s.seasonId)}>
              Season 7 {s.label} ({s.branch})
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {status === 'failed' ? (
        <ErrorState text={error ?? 'The suspected duplicates could not be loaded.'} />
      ) : (
        <AdminGrid<SuspectedDuplicate>
          label="Suspected Duplicates"
          {...gridProps}
          columns={columns}
          getRowId={(row) => row.participantItemId}
          getRowHeight={() => 'auto'}
          localeText={{ noRowsLabel: 'No suspected duplicates.' }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove the held copy?"
        text={
          removing
            ? `${removing.itemName} (#${removing.participantItemId}) leaves ${removing.heldCopy.holder}'s cloud stash for good, and ${removing.heldCopy.holder} gets a notification.`
            : ''
        }
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const row = removing!;
          setRemoving(null);
          void decide(row, 'remove');
        }}
      />
    </Container>
  );
}
