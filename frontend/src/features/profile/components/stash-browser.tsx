import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import { memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ItemDisplay } from '@league/contracts';
import { STASH_ITEM_TYPES } from '@league/contracts/catalogue-constants';
import { levelRequirementOf } from '@/components/ui/item-display';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { plainButtons } from '@/components/ui/plain-buttons';
import { plainTableBody, TableSkeleton } from '@/components/ui/table-skeleton';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { answeredStash, getStash } from '../api/get-stash';
import { getTradeCurrencies } from '../api/get-trade-currencies';
import { answeredTradeSearch, getTradeSearch } from '../api/get-trade-search';
import { postToggleTransfer } from '../api/post-toggle-transfer';
import {
  PAGE_SIZES,
  type StashItem,
  type StashPage,
  type TradeCurrency,
  type TradeListing,
  type TradeSearchPage,
} from '../api/trade-types';
import { clampCount } from '../trade-rules';
import type { ActiveParticipant } from './participant-gate';
import { NO_FILTERS, type ItemFilterValues } from '../api/item-query';
import { FIRST_PAGE, firstPage } from '../screen-start';
import { ItemFilters } from './item-filters';
import { ItemName } from './item-name';

export type StashMode = 'stash' | 'search' | 'offer';

/** Why a held row cannot be withdrawn, listed or offered (the server says the same with 409). */
export const HELD_TEXT =
  'Held for review as a suspected duplicate: it cannot be withdrawn, listed or offered until an admin has reviewed it.';
export type StashTab = 'currencies' | 'stash' | 'queue';

/** One table row: a stash item or a listing of the trade search. */
interface Row {
  key: number;
  itemId: number;
  display: ItemDisplay;
  stackCount: number;
  askingCurrency: string | null;
  askingPrice: number | null;
  owner?: string;
  stashItem?: StashItem;
  listing?: TradeListing;
}

function stashRow(item: StashItem): Row {
  return {
    key: item.participantItemId,
    itemId: item.participantItemId,
    display: {
      baseItem: item.baseItem,
      prefix: item.prefix,
      suffix: item.suffix,
      itemType: item.itemType ?? STASH_ITEM_TYPES[item.baseItem.itemTypeId ?? -1] ?? '',
    },
    stackCount: item.stackCount,
    askingCurrency: item.askingCurrency,
    askingPrice: item.askingPrice,
    owner: item.owner,
    stashItem: item,
  };
}

function listingRow(listing: TradeListing): Row {
  return {
    key: listing.tradeListingId,
    itemId: listing.participantItemId,
    display: listing.itemDisplay,
    stackCount: listing.count,
    askingCurrency: listing.askingCurrency,
    askingPrice: listing.askingPrice,
    owner: listing.owner,
    listing,
  };
}

function typeName(display: ItemDisplay): string {
  return display.itemType || STASH_ITEM_TYPES[display.baseItem.itemTypeId ?? -1] || '';
}

export function priceText(currency: string | null, price: number | null): string {
  return currency && price ? `${price} ${currency}` : 'Offers only';
}

type Page =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'ready'; rows: Row[]; itemCount: number; capacity: number | null };

const stashPage = (answer: StashPage): Page => ({
  kind: 'ready',
  rows: answer.items.map(stashRow),
  itemCount: answer.itemCount,
  capacity: answer.capacity,
});

const searchPage = (answer: TradeSearchPage): Page => ({
  kind: 'ready',
  rows: answer.items.map(listingRow),
  itemCount: answer.itemCount,
  capacity: null,
});

/**
 * The table's first page when it has answered already (asked for when the site opened, src/early.ts): the
 * first render shows its rows instead of placeholders.
 */
function answeredFirstPage(
  participant: ActiveParticipant | null,
  mode: StashMode,
  filters: ItemFilterValues,
): Page | undefined {
  if (!participant) return undefined;
  const { participantId, branch } = participant;
  if (mode === 'search') {
    const answer = answeredTradeSearch(participantId, firstPage(filters), branch);
    return answer && searchPage(answer);
  }
  const answer = answeredStash(
    participantId,
    firstPage(filters),
    { transfer: false, forTrade: mode === 'offer' },
    branch,
  );
  return answer && stashPage(answer);
}

/**
 * The rows' look, and the withdraw amount's: a plain number input drawn like a small outlined field (an MUI
 * TextField is five styled components, and a page of stacks built one per row).
 */
const rowsSx = (theme: Theme): CSSObject => ({
  ...plainTableBody({ wrap: true })(theme),
  ...plainButtons(theme),
  '& .actions': { display: 'flex', gap: theme.spacing(1) },
  '& input.amount': {
    width: 96,
    boxSizing: 'border-box',
    padding: '8.5px 14px',
    font: 'inherit',
    color: theme.palette.text.primary,
    background: 'transparent',
    border: `1px solid ${alpha(theme.palette.common.white, 0.23)}`,
    borderRadius: theme.shape.borderRadius,
    '&:hover': { borderColor: theme.palette.text.primary },
    '&:focus': {
      outline: 'none',
      borderColor: theme.palette.primary.main,
      boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
    },
  },
});

/** A loaded row is about this tall (px): the row buttons of a small table; placeholders take as much. */
const ROW_HEIGHT = 45;

export interface StashBrowserProps {
  /** null while the caller's participant loads: the browser is laid out, its rows still placeholders. */
  participant: ActiveParticipant | null;
  /** The season type when the participant is not known yet (the address says it). */
  seasonTypeId?: number;
  mode: StashMode;
  /** Stash: open the listing form of an item (trade seasons only). */
  onTrade?: (item: StashItem) => void;
  /** Search: make an offer on a listing. */
  onMakeOffer?: (listing: TradeListing) => void;
  /** Offer: put one of the caller's items into the offer. */
  onAddToOffer?: (item: StashItem) => void;
  offeredIds?: number[];
  /** Changing it reloads the page (after a listing was saved elsewhere). */
  reloadKey?: number;
  /** The filters to start with (a saved search run again). */
  initialFilters?: ItemFilterValues;
  /** Told of every change of the filters (the search's Save Search keeps them). */
  onFiltersChange?: (filters: ItemFilterValues) => void;
}

/**
 * The cloud stash table, reused for the trade search and inside the offer screen (spec §2): tabs
 * Currencies (trade seasons), Cloud Stash and Transfer Queue (not when offering), filters, a server-paged
 * table, and the row actions of the mode.
 */
export function StashBrowser({
  participant,
  seasonTypeId,
  mode,
  onTrade,
  onMakeOffer,
  onAddToOffer,
  offeredIds = [],
  reloadKey = 0,
  initialFilters = NO_FILTERS,
  onFiltersChange,
}: StashBrowserProps) {
  const participantId = participant?.participantId ?? null;
  const branch = participant?.branch ?? 'prod';
  const tradeSeason = (participant?.season.seasonTypeId ?? seasonTypeId) === 1;
  const [tab, setTab] = useState<StashTab>('stash');
  const [filters, setFilters] = useState<ItemFilterValues>(initialFilters);
  const [pageIndex, setPageIndex] = useState<number>(FIRST_PAGE.page);
  const [pageSize, setPageSize] = useState<number>(FIRST_PAGE.pageSize);
  const [refreshes, setRefreshes] = useState(0);
  const [page, setPage] = useState<Page>(
    () => answeredFirstPage(participant, mode, initialFilters) ?? { kind: 'loading' },
  );
  // The first page shown from an early answer: the effect's first GET takes that same response (no request).
  const answeredFirst = useRef(page.kind === 'ready');
  const [currencies, setCurrencies] = useState<TradeCurrency[] | null>(null);
  const [withdraw, setWithdraw] = useState<Record<number, string>>({});
  const [busyItem, setBusyItem] = useState<number | null>(null);

  const reload = useCallback(() => setRefreshes((n) => n + 1), []);

  useEffect(() => {
    if (tab === 'currencies' || participantId === null) return;
    let current = true;
    const shown = answeredFirst.current;
    answeredFirst.current = false;
    const query = { page: pageIndex, pageSize, ...filters };
    // A page shown stays until the next one arrives; one loading already stays the same state (no render).
    setPage((p) => (p.kind === 'ready' || p.kind === 'loading' ? p : { kind: 'loading' }));
    const request =
      mode === 'search'
        ? getTradeSearch(participantId, query, branch).then(searchPage)
        : getStash(participantId, query, { transfer: tab === 'queue', forTrade: mode === 'offer' }, branch).then(
            stashPage,
          );
    request.then(
      // A transition: the rows render in slices, so a page of items does not block the main thread.
      (answer) => current && !shown && startTransition(() => setPage(answer)),
      (error: unknown) =>
        current &&
        !shown &&
        setPage({ kind: 'failed', text: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE }),
    );
    return () => {
      current = false;
    };
  }, [participantId, branch, mode, tab, filters, pageIndex, pageSize, refreshes, reloadKey]);

  useEffect(() => {
    if (tab !== 'currencies' || participantId === null) return;
    let current = true;
    getTradeCurrencies(participantId, branch).then(
      (list) => current && setCurrencies(list),
      () => current && setCurrencies([]),
    );
    return () => {
      current = false;
    };
  }, [participantId, branch, tab, refreshes]);

  const chooseTab = useCallback((next: StashTab) => {
    setTab(next);
    setPageIndex(0);
    setPage({ kind: 'loading' });
  }, []);

  const changeFilters = (next: ItemFilterValues) => {
    setPageIndex(0);
    setFilters(next);
    onFiltersChange?.(next);
  };

  const toggleTransfer = async (row: Row, amount: number) => {
    if (participantId === null) return;
    setBusyItem(row.itemId);
    try {
      await postToggleTransfer(participantId, row.itemId, amount, branch);
      reload();
    } catch {
      // The Error modal has said why (a listed or offered item cannot be queued).
    } finally {
      setBusyItem(null);
    }
  };

  const withdrawAmountOf = (row: Row) => clampCount(withdraw[row.itemId] ?? row.stackCount, row.stackCount);

  const showTabs = mode !== 'search';
  const showWithdraw = mode === 'stash' && tab === 'stash';
  const columns = ['Item', 'Level Required', 'Rarity', 'Price', 'Type'];
  if (mode === 'search') columns.push('Seller');
  if (showWithdraw) columns.push('Withdraw Amount');
  columns.push('Actions');

  return (
    <Box>
      {showTabs && (
        <StashTabs value={tab} tradeSeason={tradeSeason} withQueue={mode !== 'offer'} onChange={chooseTab} />
      )}
      {tab === 'currencies' ? (
        currencies === null ? (
          <LoadingState label="Loading currencies" />
        ) : (
          <TableContainer component={Paper}>
            <Table size="small" aria-label="Currencies">
              <TableHead>
                <TableRow>
                  <TableCell>Currency</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {currencies.map((c) => (
                  <TableRow key={c.currency}>
                    <TableCell>{c.currency}</TableCell>
                    <TableCell align="right">{c.amount}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      ) : (
        <>
          {mode === 'stash' &&
            (page.kind === 'ready' && page.capacity !== null ? (
              <Typography sx={{ mb: 1 }} data-testid="stash-count">
                Items: {page.itemCount} / {page.capacity === 0 ? 'Unlimited' : page.capacity}
              </Typography>
            ) : (
              // The count's line is kept while it loads, so the filters below it stay where they are.
              <Typography sx={{ mb: 1 }}>
                Items: <Skeleton variant="text" width={72} sx={{ display: 'inline-block' }} />
              </Typography>
            ))}
          <ItemFilters
            value={filters}
            onChange={changeFilters}
            onRefresh={reload}
            showTradingTags={mode !== 'search'}
          />
          {page.kind === 'loading' && (
            <TableSkeleton label="Loading items" columns={columns} rows={pageSize} rowHeight={ROW_HEIGHT} />
          )}
          {page.kind === 'failed' && <ErrorState text={page.text} />}
          {page.kind === 'ready' && (
            <Paper>
              <TableContainer>
                <Table
                  size="small"
                  aria-label={mode === 'search' ? 'Trade listings' : tab === 'queue' ? 'Transfer Queue' : 'Cloud Stash'}
                >
                  <TableHead>
                    <TableRow>
                      {columns.map((c) => (
                        <TableCell key={c}>{c}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  {/* Plain rows under one style (plainTableBodySx), as on the leaderboard (long names
                      wrap): the cells' styled
                      components were most of the render when a page of items arrives. */}
                  <Box component="tbody" sx={rowsSx}>
                    {page.rows.map((row) => (
                      <tr key={row.key} data-testid="item-row">
                        <td>
                          <ItemName display={row.display} itemId={row.itemId} stackCount={row.stackCount} />
                          {row.stashItem?.forTrade && (
                            <Chip label="Listed" size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />
                          )}
                          {row.stashItem?.held && (
                            <Chip
                              label="Held for review"
                              size="small"
                              color="warning"
                              variant="outlined"
                              title={HELD_TEXT}
                              sx={{ ml: 1 }}
                            />
                          )}
                        </td>
                        <td>{levelRequirementOf(row.display)}</td>
                        <td>{row.display.baseItem.rarity}</td>
                        <td>
                          {row.stashItem && !row.stashItem.forTrade
                            ? ''
                            : priceText(row.askingCurrency, row.askingPrice)}
                        </td>
                        <td>{typeName(row.display)}</td>
                        {mode === 'search' && <td>{row.owner}</td>}
                        {showWithdraw && (
                          <td>
                            {row.stackCount > 1 ? (
                              <input
                                className="amount"
                                type="number"
                                min={1}
                                max={row.stackCount}
                                aria-label="Withdraw amount"
                                value={withdraw[row.itemId] ?? String(row.stackCount)}
                                onChange={(e) =>
                                  setWithdraw((w) => ({
                                    ...w,
                                    [row.itemId]:
                                      e.target.value === '' ? '' : String(clampCount(e.target.value, row.stackCount)),
                                  }))
                                }
                                onBlur={() =>
                                  setWithdraw((w) => ({ ...w, [row.itemId]: String(withdrawAmountOf(row)) }))
                                }
                              />
                            ) : (
                              1
                            )}
                          </td>
                        )}
                        <td>
                          <RowActions
                            row={row}
                            mode={mode}
                            tab={tab}
                            tradeSeason={tradeSeason}
                            busy={busyItem === row.itemId}
                            offered={offeredIds.includes(row.itemId)}
                            onWithdraw={() => void toggleTransfer(row, withdrawAmountOf(row))}
                            onPutBack={() => void toggleTransfer(row, row.stackCount)}
                            onTrade={onTrade}
                            onMakeOffer={onMakeOffer}
                            onAddToOffer={onAddToOffer}
                          />
                        </td>
                      </tr>
                    ))}
                  </Box>
                </Table>
              </TableContainer>
              {page.rows.length === 0 && (
                <EmptyState
                  text={
                    mode === 'search'
                      ? 'No listings match.'
                      : tab === 'queue'
                        ? 'The transfer queue is empty.'
                        : 'No items.'
                  }
                />
              )}
              <TablePagination
                component="div"
                // The browser's own select for the page size (see item-filters' nativeSelect).
                slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Rows per page' } } }}
                count={page.itemCount}
                page={pageIndex}
                rowsPerPage={pageSize}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(_e, next) => setPageIndex(next)}
                onRowsPerPageChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPageIndex(0);
                }}
              />
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * The stash's tabs, rendered again only when they change: MUI's Tabs measures its tabs after every render
 * (getBoundingClientRect, a forced layout), and re-rendered with the browser each time a page of rows,
 * the currencies or a busy row arrived, that was the biggest single cost of the stash page on a phone.
 */
const StashTabs = memo(function StashTabs({
  value,
  tradeSeason,
  withQueue,
  onChange,
}: {
  value: StashTab;
  tradeSeason: boolean;
  withQueue: boolean;
  onChange: (next: StashTab) => void;
}) {
  return (
    <Tabs value={value} onChange={(_e, next: StashTab) => onChange(next)} aria-label="Stash views" sx={tabsSx}>
      {tradeSeason && <Tab value="currencies" label="Currencies" />}
      <Tab value="stash" label="Cloud Stash" />
      {withQueue && <Tab value="queue" label="Transfer Queue" />}
    </Tabs>
  );
});

const tabsSx = { mb: 2 } as const;

function RowActions({
  row,
  mode,
  tab,
  tradeSeason,
  busy,
  offered,
  onWithdraw,
  onPutBack,
  onTrade,
  onMakeOffer,
  onAddToOffer,
}: {
  row: Row;
  mode: StashMode;
  tab: StashTab;
  tradeSeason: boolean;
  busy: boolean;
  offered: boolean;
  onWithdraw: () => void;
  onPutBack: () => void;
  onTrade?: (item: StashItem) => void;
  onMakeOffer?: (listing: TradeListing) => void;
  onAddToOffer?: (item: StashItem) => void;
}) {
  const name = row.display.baseItem.itemDbrTag.name;
  // Plain buttons styled by the table body (plainButtons): see rowsSx.
  if (mode === 'search' && row.listing) {
    const listing = row.listing;
    return (
      <button
        type="button"
        className="btn contained"
        onClick={() => onMakeOffer?.(listing)}
        aria-label={`Make offer on ${name}`}
      >
        Make Offer
      </button>
    );
  }
  const item = row.stashItem;
  if (!item) return null;
  if (mode === 'offer') {
    return (
      <button
        type="button"
        className="btn contained"
        disabled={offered || item.forTrade || item.held}
        onClick={() => onAddToOffer?.(item)}
        aria-label={`Add ${name} to offer`}
      >
        {offered ? 'In Offer' : 'Add to Offer'}
      </button>
    );
  }
  if (tab === 'queue') {
    return (
      <button type="button" className="btn" disabled={busy} onClick={onPutBack} aria-label={`Put Back ${name}`}>
        Put Back
      </button>
    );
  }
  return (
    <span className="actions">
      <button
        type="button"
        className="btn"
        disabled={busy || item.forTrade || (item.reservedCount ?? 0) > 0 || item.held}
        onClick={onWithdraw}
        aria-label={`Withdraw ${name}`}
      >
        Withdraw
      </button>
      {tradeSeason && onTrade && (
        <button
          type="button"
          className="btn contained"
          disabled={item.held}
          onClick={() => onTrade(item)}
          aria-label={`Trade ${name}`}
        >
          Trade
        </button>
      )}
    </span>
  );
}
