import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { CATALOGUE_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { useState, type KeyboardEvent } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/page-states';
import { LinkButton } from '@/components/ui/query-link';
import type { CatalogueItemSummary } from '../api/admin-types';
import { getAdminItemsPage } from '../api/get-admin-items';
import { AdminGrid, useServerGrid } from './admin-grid';

const columns: GridColDef<CatalogueItemSummary>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 2,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Link href={`#/admin/item/${row.itemId}`} target="_blank" rel="noopener">
        {row.name}
      </Link>
    ),
  },
  { field: 'rarity', headerName: 'Rarity', flex: 1, minWidth: 110 },
  { field: 'type', headerName: 'Type', flex: 1, minWidth: 140 },
  { field: 'active', headerName: 'Active', type: 'boolean', width: 90 },
];

/**
 * admin/items: every item (inactive ones too), filtered by type and a search, sortable by Name, Rarity, Type
 * and Active; the server pages and sorts.
 */
export function AdminItemsPage() {
  const [type, setType] = useState('');
  const [searchText, setSearchText] = useState('');
  const [searchTerm, setSearchTerm] = useState('');
  const { status, error, gridProps } = useServerGrid<CatalogueItemSummary>(
    (req) => getAdminItemsPage(type, searchTerm, req),
    [type, searchTerm],
    [{ field: 'name', sort: 'asc' }],
  );

  const search = () => setSearchTerm(searchText.trim());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeader title="Items">
        <LinkButton to="/admin/item/new" variant="contained">
          New Item
        </LinkButton>
      </PageHeader>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          label="Item Type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">-- None --</MenuItem>
          {CATALOGUE_ITEM_TYPES.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={onKeyDown}
          sx={{ flexGrow: 1 }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Search items" onClick={search} edge="end">
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="outlined"
          onClick={() => {
            setSearchText('');
            setSearchTerm('');
            setType('');
          }}
        >
          Clear
        </Button>
      </Stack>
      {status === 'failed' ? (
        <ErrorState text={error ?? 'The items could not be loaded.'} />
      ) : (
        <AdminGrid<CatalogueItemSummary>
          label="Items"
          {...gridProps}
          columns={columns}
          getRowId={(row) => row.itemId}
        />
      )}
    </Container>
  );
}
