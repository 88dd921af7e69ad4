import Container from '@mui/material/Container';
import type { GridColDef } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/page-states';
import type { MonsterSummary } from '../api/admin-types';
import { getAdminMonstersPage } from '../api/get-admin-monsters';
import { AdminGrid, useServerGrid } from './admin-grid';
import { PlainLink, PlainLinkButton } from './admin-ui';

const columns: GridColDef<MonsterSummary>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 2,
    minWidth: 200,
    renderCell: ({ row }) => <PlainLink to={`/admin/monster/${row.monsterId}`}>{row.name}</PlainLink>,
  },
  { field: 'race', headerName: 'Race', flex: 1, minWidth: 120 },
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 120 },
  { field: 'active', headerName: 'Active', type: 'boolean', width: 90 },
];

/** admin/monsters?encounterId=: the encounter's monsters (inactive too), Back and New Monster. */
export function AdminMonstersPage() {
  const [params] = useSearchParams();
  const raw = params.get('encounterId');
  const encounterId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const { status, error, gridProps } = useServerGrid<MonsterSummary>(
    (req) => getAdminMonstersPage(encounterId, req),
    [encounterId],
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title="Monsters">
        <PlainLinkButton to="/admin/encounters" variant="outlined">
          Back
        </PlainLinkButton>
        <PlainLinkButton
          to={encounterId ? `/admin/monster/new?encounterId=${encounterId}` : '/admin/monster/new'}
          variant="contained"
        >
          New Monster
        </PlainLinkButton>
      </PageHeader>
      {status === 'failed' ? (
        <ErrorState text={error ?? 'The monsters could not be loaded.'} />
      ) : (
        <AdminGrid<MonsterSummary>
          label="Monsters"
          {...gridProps}
          columns={columns}
          getRowId={(row) => row.monsterId}
        />
      )}
    </Container>
  );
}
