import Box from '@mui/material/Box';
import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import {
  DataGrid,
  type DataGridProps,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { forwardRef, useState } from 'react';
import { useLoad } from '../use-load';

export const PAGE_SIZES = [10, 20, 30, 50, 100];

type AdminGridProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'aria-label'> & {
  /** The table's accessible name. */
  label: string;
};

/** The grid's loading bar, named: a progressbar without a name tells a screen reader nothing (axe: aria-progressbar-name). */
const LoadingRowsBar = forwardRef<HTMLSpanElement, LinearProgressProps & { material?: LinearProgressProps }>(
  function LoadingRowsBar({ material, ...props }, ref) {
    return <LinearProgress ref={ref} aria-label="Loading rows" {...props} {...material} />;
  },
);

/**
 * Every admin table: an MUI DataGrid with the site's page sizes (10 by default), sized to its rows.
 * Rows are rendered without virtualisation: a page holds at most 100 rows.
 */
export function AdminGrid<R extends GridValidRowModel>({
  label,
  initialState,
  sx,
  slots,
  ...props
}: AdminGridProps<R>) {
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
        slots={{ baseLinearProgress: LoadingRowsBar, ...slots }}
        {...props}
      />
    </Box>
  );
}

/** What a server-paged list is asked for: `page` is 1-based; no sort = the server's default order. */
export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export interface PagedRows<R> {
  items: R[];
  itemCount: number;
}

/** The query parameters of a page request (the server answers `{ items, itemCount }` when they are given). */
export const pageQuery = (req: PageRequest) => ({
  page: req.page,
  pageSize: req.pageSize,
  sort: req.sort,
  dir: req.sort ? req.dir : undefined,
});

/**
 * A list the server pages and sorts (a list that can grow): the grid asks for one page at a time, a click on
 * a column header or a page button asks the server again. A change of `filters` (a search, a type) goes back
 * to the first page. Spread `gridProps` onto an AdminGrid.
 */
export function useServerGrid<R extends GridValidRowModel>(
  fetchPage: (req: PageRequest) => Promise<PagedRows<R>>,
  filters: readonly unknown[],
  initialSort: GridSortModel = [],
) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0]! });
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort);
  const sort = sortModel[0];
  const req: PageRequest = {
    page: paginationModel.page + 1,
    pageSize: paginationModel.pageSize,
    sort: sort?.field,
    dir: sort?.sort ?? undefined,
  };
  // New filters start from the first page, decided during render so no request goes out for the old page.
  const filterKey = JSON.stringify(filters);
  const [pagedFilterKey, setPagedFilterKey] = useState(filterKey);
  if (pagedFilterKey !== filterKey) {
    setPagedFilterKey(filterKey);
    if (paginationModel.page !== 0) setPaginationModel({ ...paginationModel, page: 0 });
  }

  const load = useLoad(() => fetchPage(req), [filterKey, req.page, req.pageSize, req.sort, req.dir]);
  // While the next page loads the grid keeps the last count, so its pager does not jump.
  const rowCount = load.data?.itemCount ?? 0;

  return {
    ...load,
    gridProps: {
      rows: load.data?.items ?? [],
      rowCount,
      loading: load.status === 'loading',
      paginationMode: 'server' as const,
      sortingMode: 'server' as const,
      paginationModel,
      onPaginationModelChange: (model: GridPaginationModel) => setPaginationModel(model),
      sortModel,
      onSortModelChange: (model: GridSortModel) => {
        setSortModel(model);
        setPaginationModel((m) => ({ ...m, page: 0 }));
      },
    },
  };
}
