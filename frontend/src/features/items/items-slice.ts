import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItem, CatalogueItemSummary, ItemStats } from '@league/contracts';
import type { ItemsQuery } from './api/get-items';

export type ItemSortColumn = 'name' | 'rarity' | 'type';

export interface ItemsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: CatalogueItemSummary[];
  error: string | null;
  sort: { column: ItemSortColumn; direction: 'asc' | 'desc' };
  detail: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    itemId: number | null;
    item: CatalogueItem | null;
    stats: ItemStats | null;
    error: string | null;
  };
}

const initialState: ItemsState = {
  status: 'idle',
  items: [],
  error: null,
  sort: { column: 'name', direction: 'asc' },
  detail: { status: 'idle', itemId: null, item: null, stats: null, error: null },
};

const itemsSlice = createSlice({
  name: 'items',
  initialState,
  reducers: {
    itemsRequested(state, _action: PayloadAction<ItemsQuery>) {
      state.status = 'loading';
      state.error = null;
    },
    itemsSucceeded(state, action: PayloadAction<CatalogueItemSummary[]>) {
      state.status = 'loaded';
      state.items = action.payload;
    },
    itemsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.items = [];
      state.error = action.payload;
    },
    /** Spec §4: the same column toggles ascending/descending, another column starts ascending. */
    itemsSortToggled(state, action: PayloadAction<ItemSortColumn>) {
      const same = state.sort.column === action.payload;
      state.sort = {
        column: action.payload,
        direction: same && state.sort.direction === 'asc' ? 'desc' : 'asc',
      };
    },
    itemDetailRequested(state, action: PayloadAction<{ itemId: number }>) {
      state.detail = { status: 'loading', itemId: action.payload.itemId, item: null, stats: null, error: null };
    },
    itemDetailSucceeded(state, action: PayloadAction<{ itemId: number; item: CatalogueItem; stats: ItemStats }>) {
      if (state.detail.itemId !== action.payload.itemId) return;
      state.detail = { status: 'loaded', ...action.payload, error: null };
    },
    itemDetailFailed(state, action: PayloadAction<{ itemId: number; error: string }>) {
      if (state.detail.itemId !== action.payload.itemId) return;
      state.detail = {
        status: 'failed',
        itemId: action.payload.itemId,
        item: null,
        stats: null,
        error: action.payload.error,
      };
    },
  },
});

export const {
  itemsRequested,
  itemsSucceeded,
  itemsFailed,
  itemsSortToggled,
  itemDetailRequested,
  itemDetailSucceeded,
  itemDetailFailed,
} = itemsSlice.actions;
export const itemsReducer = itemsSlice.reducer;

type WithItems = { items: ItemsState };
export const selectItems = (state: WithItems) => state.items;
export const selectItemDetail = (state: WithItems) => state.items.detail;

/** The list in the chosen order (a copy; the store keeps the server's order). */
export function sortedItems(items: CatalogueItemSummary[], sort: ItemsState['sort']): CatalogueItemSummary[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort(
    (a, b) => sign * a[sort.column].localeCompare(b[sort.column], undefined, { sensitivity: 'base' }),
  );
}
