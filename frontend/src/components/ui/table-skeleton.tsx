import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * A table's place while its rows load: the real header and `rows` rows of the height the loaded rows will
 * have, so nothing below moves when the data arrives (no layout shift). Announced as the page's loading
 * state (role status, named like the other loading states); the placeholder table itself is hidden from
 * assistive technology.
 */
export function TableSkeleton({
  label,
  columns,
  rows,
  rowHeight,
}: {
  label: string;
  columns: string[];
  rows: number;
  /** The height of one loaded row in px (the cells' content, padding and border). */
  rowHeight: number;
}) {
  return (
    <Box role="status" aria-label={label}>
      <TableContainer component={Paper} aria-hidden>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {Array.from({ length: rows }, (_, i) => (
              <TableRow key={i} sx={{ height: rowHeight }}>
                {columns.map((c) => (
                  <TableCell key={c}>
                    <Skeleton variant="text" width={c.length > 6 ? '80%' : 32} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
