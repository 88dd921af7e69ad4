import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItemSummary } from '@league/contracts';
import type { ItemsQuery } from './api/get-items';

export type ItemSortColumn = 'name' | 'rarity' | 'type';

export interface ItemsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: CatalogueItemSummary[];
  error: string | null;
  sort: { column: ItemSortColumn; direction: 'asc' | 'desc' };
}

const initialState: ItemsState = {
  status: 'idle',
  items: [],
  error: null,
  sort: { column: 'name', direction: 'asc' },
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
  },
});

export const { itemsRequested, itemsSucceeded, itemsFailed, itemsSortToggled } = itemsSlice.actions;
export const itemsReducer = itemsSlice.reducer;

type WithItems = { items: ItemsState };
export const selectItems = (state: WithItems) => state.items;

/** The list in the chosen order (a copy; the store keeps the server's order). */
export function sortedItems(items: CatalogueItemSummary[], sort: ItemsState['sort']): CatalogueItemSummary[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort(
    (a, b) => sign * a[sort.column].localeCompare(b[sort.column], undefined, { sensitivity: 'base' }),
  );
}
