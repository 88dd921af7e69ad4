import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/page-states';
import type { Encounter } from '../api/admin-types';
import { getAdminEncounters } from '../api/get-admin-encounters';
import { postEncounter } from '../api/post-encounter';
import { useLoad } from '../use-load';
import { AdminGrid } from './admin-grid';
import { PlainLinkButton } from './admin-ui';

interface EncounterRow extends Encounter {
  rowKey: string;
  /** True after a change, false after a save (spec §4). */
  editing: boolean;
}

let seed = 0;
const toRow = (e: Encounter, editing = false): EncounterRow => ({ ...e, rowKey: `e${++seed}`, editing });

/** admin/encounters: name and active edited in the row, View (its monsters), Save, New Encounter. */
export function AdminEncountersPage() {
  const { status, data, error } = useLoad(getAdminEncounters, []);
  const [rows, setRows] = useState<EncounterRow[]>([]);
  useEffect(() => setRows((data ?? []).map((e) => toRow(e))), [data]);

  const change = (rowKey: string, next: Partial<Encounter>) =>
    setRows((list) => list.map((r) => (r.rowKey === rowKey ? { ...r, ...next, editing: true } : r)));

  const save = async (row: EncounterRow) => {
    try {
      const saved = await postEncounter({ encounterId: row.encounterId, name: row.name, active: row.active });
      setRows((list) => list.map((r) => (r.rowKey === row.rowKey ? { ...r, ...saved, editing: false } : r)));
    } catch {
      // the Error modal has told the admin
    }
  };

  const hasNew = rows.some((r) => r.encounterId === 0);
  const addNew = () => {
    if (hasNew) return;
    setRows((list) => [...list, toRow({ encounterId: 0, name: 'New Encounter', active: true }, true)]);
  };

  const columns: GridColDef<EncounterRow>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 2,
      minWidth: 220,
      renderCell: ({ row }) => (
        <TextField
          size="small"
          fullWidth
          value={row.name}
          slotProps={{ htmlInput: { 'aria-label': `Name of ${row.name || 'encounter'}` } }}
          onKeyDown={(e) => e.stopPropagation()}
          onChange={(e) => change(row.rowKey, { name: e.target.value })}
        />
      ),
    },
    {
      field: 'active',
      headerName: 'Active',
      width: 90,
      renderCell: ({ row }) => (
        <Checkbox
          checked={row.active}
          slotProps={{ input: { 'aria-label': `${row.name} active` } }}
          onChange={(e) => change(row.rowKey, { active: e.target.checked })}
        />
      ),
    },
    {
      field: 'actions',
      headerName: '',
      sortable: false,
      width: 190,
      renderCell: ({ row }) => (
        <>
          <PlainLinkButton
            to={`/admin/monsters?encounterId=${row.encounterId}`}
            size="small"
            disabled={row.encounterId === 0}
            aria-label={`View ${row.name}`}
          >
            View
          </PlainLinkButton>
          <Button
            size="small"
            variant="contained"
            disabled={!row.editing}
            aria-label={`Save ${row.name}`}
            onClick={() => void save(row)}
            sx={{ ml: 1 }}
          >
            Save
          </Button>
        </>
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title="Encounters">
        <PlainLinkButton to="/admin/season-list" variant="outlined">
          Back
        </PlainLinkButton>
        <Button variant="contained" onClick={addNew} disabled={hasNew}>
          New Encounter
        </Button>
      </PageHeader>
      {status === 'failed' ? (
        <ErrorState text={error ?? 'The encounters could not be loaded.'} />
      ) : (
        <AdminGrid<EncounterRow>
          label="Encounters"
          rows={rows}
          columns={columns}
          loading={status === 'loading'}
          getRowId={(row) => row.rowKey}
          rowHeight={64}
        />
      )}
    </Container>
  );
}
