import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATALOGUE_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { itemsRequested, itemsSortToggled, selectItems, sortedItems, type ItemSortColumn } from '../items-slice';

export const NO_ITEMS_TEXT = 'No items match.';

const COLUMNS: Array<{ column: ItemSortColumn; label: string }> = [
  { column: 'name', label: 'Name' },
  { column: 'rarity', label: 'Rarity' },
  { column: 'type', label: 'Type' },
];

function itemHref(itemId: number): string {
  return `#/item/${itemId}`;
}

export function ItemsPage() {
  const dispatch = useAppDispatch();
  const { status, items, error, sort } = useAppSelector(selectItems);
  const [type, setType] = useState('');
  const [searchText, setSearchText] = useState('');
  const [searchTerm, setSearchTerm] = useState('');

  useEffect(() => {
    dispatch(itemsRequested({ type, searchTerm }));
  }, [dispatch, type, searchTerm]);

  const onSearchKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setSearchTerm(searchText.trim());
  };

  const clear = () => {
    setSearchText('');
    setSearchTerm('');
  };

  const rows = sortedItems(items, sort);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Items
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          label="Filter By"
          value={type}
          onChange={(e) => setType(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <option value="">All item types</option>
          {CATALOGUE_ITEM_TYPES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </TextField>
        <TextField
          label="Search"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={onSearchKeyDown}
          helperText="Press Enter to search names, lore and stats"
          sx={{ flexGrow: 1 }}
        />
        <Box>
          <Button variant="outlined" onClick={clear} sx={{ height: 56 }}>
            Clear
          </Button>
        </Box>
      </Stack>
      {status === 'loading' && (
        <Box role="status" aria-label="Loading items" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading items" />
        </Box>
      )}
      {status === 'failed' && <Alert severity="error">{error}</Alert>}
      {status === 'loaded' && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {NO_ITEMS_TEXT}
        </Typography>
      )}
      {status === 'loaded' && rows.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Items">
            <TableHead>
              <TableRow>
                {COLUMNS.map(({ column, label }) => (
                  <TableCell key={column} sortDirection={sort.column === column ? sort.direction : false}>
                    <TableSortLabel
                      active={sort.column === column}
                      direction={sort.column === column ? sort.direction : 'asc'}
                      onClick={() => dispatch(itemsSortToggled(column))}
                    >
                      {label}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow
                  key={item.itemId}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => window.open(itemHref(item.itemId), '_blank', 'noopener')}
                >
                  <TableCell>
                    <Link
                      href={itemHref(item.itemId)}
                      target="_blank"
                      rel="noopener noreferrer"
                      // The row opens the tab; the link is there for keyboards and middle clicks.
                      onClick={(e) => e.stopPropagation()}
                    >
                      {item.name}
                    </Link>
                  </TableCell>
                  <TableCell>{item.rarity}</TableCell>
                  <TableCell>{item.type}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}
