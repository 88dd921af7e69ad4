import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

export const PAGE_SIZES = [10, 20, 30, 50, 100];

type AdminGridProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'aria-label'> & {
  /** The table's accessible name. */
  label: string;
};

/**
 * Every admin table: an MUI DataGrid with the site's page sizes (10 by default), sized to its rows.
 * Rows are rendered without virtualisation: a page holds at most 100 rows.
 */
export function AdminGrid<R extends GridValidRowModel>({ label, initialState, sx, ...props }: AdminGridProps<R>) {
  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid<R>
        aria-label={label}
        autoHeight
        disableVirtualization
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        initialState={{ pagination: { paginationModel: { pageSize: 10, page: 0 } }, ...initialState }}
        sx={{ bgcolor: 'background.paper', ...sx }}
        {...props}
      />
    </Box>
  );
}
