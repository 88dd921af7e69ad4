import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatChatTime } from '../admin-format';
import type { SuspectedDuplicate } from '../api/admin-types';

type Copy = SuspectedDuplicate['heldCopy'];

const VIA: Record<string, string> = { 'cloud-upload': 'cloud upload', 'shared-stash': 'shared-stash upload' };
const WHERE: Record<Copy['location'], string> = {
  stash: 'in the cloud stash',
  queue: 'in the transfer queue',
  listed: 'listed for trade',
  offered: 'in an offer',
  game: 'pulled into the game',
  removed: 'removed',
  storing: 'being stored',
};
const STATE: Record<SuspectedDuplicate['state'], string> = { held: 'Held', released: 'Released', removed: 'Removed' };

/** One copy: who holds it, who uploaded it when and through which upload, and where it is now. */
function CopyCell({ copy }: { copy: Copy }) {
  const arrived = copy.arrivedAt ? formatChatTime(copy.arrivedAt) : 'unknown time';
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {copy.holder}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {copy.uploadedBy !== copy.holder && `uploaded by ${copy.uploadedBy}, `}
        {arrived} via {copy.via ? VIA[copy.via] : 'unknown upload'}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        #{copy.participantItemId}, {WHERE[copy.location]}
      </Typography>
    </Box>
  );
}

export interface DuplicateActions {
  busy: number | null;
  onRelease: (row: SuspectedDuplicate) => void;
  onRemove: (row: SuspectedDuplicate) => void;
}

/** The Suspected Duplicates grid: the server sorts by held at, item, holder and state. */
export function duplicateColumns({ busy, onRelease, onRemove }: DuplicateActions): GridColDef<SuspectedDuplicate>[] {
  return [
    {
      field: 'itemName',
      headerName: 'Item',
      flex: 1.2,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box sx={{ py: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.itemName}
          </Typography>
          <Typography variant="caption" component="div" color="text.secondary">
            {row.seasonName}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'holder',
      headerName: 'Held copy',
      flex: 1.2,
      minWidth: 200,
      valueGetter: (_value, row) => row.heldCopy.holder,
      renderCell: ({ row }) => <CopyCell copy={row.heldCopy} />,
    },
    {
      field: 'firstCopies',
      headerName: 'First copy',
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.firstCopies.length ? (
          <Box>
            {row.firstCopies.map((copy) => (
              <CopyCell key={copy.participantItemId} copy={copy} />
            ))}
          </Box>
        ) : (
          'none left'
        ),
    },
    {
      field: 'trades',
      headerName: 'Trade history',
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) =>
        row.trades.length ? (
          <Box sx={{ py: 0.5 }}>
            {row.trades.map((t) => (
              <Typography key={t.settlementId} variant="caption" component="div">
                {t.from} → {t.to}, {formatChatTime(t.settledAt)}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography variant="caption">Never traded</Typography>
        ),
    },
    {
      field: 'heldAt',
      headerName: 'Held at (UTC)',
      width: 170,
      valueFormatter: (v: string) => formatChatTime(v),
    },
    {
      field: 'state',
      headerName: 'State',
      width: 170,
      renderCell: ({ row }) => {
        const last = row.actions[row.actions.length - 1];
        return (
          <Box sx={{ py: 0.5 }}>
            <Chip
              size="small"
              label={STATE[row.state]}
              color={row.state === 'held' ? 'warning' : row.state === 'removed' ? 'error' : 'success'}
            />
            {row.state !== 'held' && last && (
              <Typography variant="caption" component="div" color="text.secondary">
                by {last.by}, {formatChatTime(last.at)}
              </Typography>
            )}
          </Box>
        );
      },
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.state === 'held' ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: '100%' }}>
            <Button
              size="small"
              variant="outlined"
              // The lighter bronze: the main one is 4.46:1 on a hovered row (axe asks 4.5).
              sx={{ color: 'primary.light', borderColor: 'primary.light' }}
              disabled={busy === row.participantItemId}
              onClick={() => onRelease(row)}
              aria-label={`Release ${row.itemName} of ${row.heldCopy.holder}`}
            >
              Release
            </Button>
            <Button
              size="small"
              variant="contained"
              color="error"
              disabled={busy === row.participantItemId}
              onClick={() => onRemove(row)}
              aria-label={`Remove ${row.itemName} of ${row.heldCopy.holder}`}
            >
              Remove
            </Button>
          </Box>
        ) : null,
    },
  ];
}
