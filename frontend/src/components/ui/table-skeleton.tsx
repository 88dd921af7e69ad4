import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha, darken, type CSSObject, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * The look of MUI's small body cells (`TableCell size="small"`) for a body of plain `tr`/`td` elements: one
 * style for the whole body instead of a styled component (its theme lookups, class names and style
 * serialisation) for every cell, which is what a long table spends its render on. Cells with the class
 * `numeric` are right-aligned; links look like the theme's links; `wrap` lets long cells wrap, as MUI's do.
 */
export const plainTableBody =
  ({ wrap = false }: { wrap?: boolean } = {}) =>
  (theme: Theme): CSSObject => ({
    '& > tr': { verticalAlign: 'middle' },
    '& > tr.hover:hover': { backgroundColor: theme.palette.action.hover },
    '& > tr > td': {
      fontFamily: theme.typography.body2.fontFamily,
      fontWeight: theme.typography.body2.fontWeight,
      fontSize: theme.typography.body2.fontSize,
      lineHeight: theme.typography.body2.lineHeight,
      letterSpacing: theme.typography.body2.letterSpacing,
      color: theme.palette.text.primary,
      borderBottom: `1px solid ${darken(alpha(theme.palette.divider, 1), 0.68)}`,
      textAlign: 'left',
      padding: '6px 16px',
      whiteSpace: wrap ? 'normal' : 'nowrap',
    },
    '& > tr > td.numeric': { textAlign: 'right' },
    '& > tr > td a': {
      color: theme.palette.primary.light,
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
  });

/** plainTableBody with cells that keep to one line (a table that scrolls sideways on a phone instead). */
export const plainTableBodySx = plainTableBody();

const placeholderSx = (theme: Theme): CSSObject => ({
  ...plainTableBodySx(theme),
  '& > tr > td > span': {
    display: 'block',
    height: '1.2em',
    width: '60%',
    borderRadius: 1,
    backgroundColor: theme.palette.action.hover,
  },
});

/**
 * A table's place while its rows load: the real header and `rows` rows of the height the loaded rows will
 * have, so nothing below moves when the data arrives (no layout shift). Announced as the page's loading
 * state (role status, named like the other loading states); the placeholder table itself is hidden from
 * assistive technology. Its rows are plain elements: a placeholder should cost next to nothing to draw.
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
          <Box component="tbody" sx={placeholderSx}>
            {Array.from({ length: rows }, (_, i) => (
              <tr key={i} style={{ height: rowHeight }}>
                <td colSpan={columns.length}>
                  <span />
                </td>
              </tr>
            ))}
          </Box>
        </Table>
      </TableContainer>
    </Box>
  );
}
