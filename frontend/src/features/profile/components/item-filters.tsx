import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState } from 'react';
import { STASH_ITEM_TYPE_IDS, STASH_RARITY_FILTERS } from '@league/contracts/catalogue-constants';
import { getItemFilters } from '../api/get-item-filters';
import { NO_FILTERS, type ItemFilterValues } from '../api/item-query';
import type { StatFilter } from '../api/trade-types';
import { withExclusiveTradingTags } from '../trade-rules';

/**
 * The browser's own select: a phone shows its native picker, and the page does not build MUI's menu,
 * popover and modal for each closed select when it renders. The label stays above the '-- Any --' it shows.
 */
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

const levelOf = (raw: string): number | null => {
  if (raw.trim() === '') return null;
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : null;
};

const hasOtherFilters = (v: ItemFilterValues) =>
  v.filter.length > 0 || v.itemType !== null || v.minLevel !== null || v.maxLevel !== null || v.rarity !== null;

/**
 * Search box (Enter or Search), stat filter picker (GET /season/item-filters, grouped by category; the
 * Trading category's Listed and Not Listed exclude each other), item type, level range, rarity, Clear and
 * Refresh. Every change but typing in the search box applies at once. On a phone the filters after the
 * search box fold away behind More filters (open from the start when one of them is set): the results come
 * first, and opening the page does not build the stat picker and four more fields, nor ask for the stat list.
 */
export function ItemFilters({
  value,
  onChange,
  onRefresh,
  showTradingTags = true,
}: {
  value: ItemFilterValues;
  onChange: (next: ItemFilterValues) => void;
  onRefresh: () => void;
  /** The trade search lists only listed items, so it has no use for the Trading tags. */
  showTradingTags?: boolean;
}) {
  const [term, setTerm] = useState(value.searchTerm);
  // Read at once (no first render without it); without matchMedia, as in the unit tests, it is wide.
  const wide = useMediaQuery('(min-width:900px)', { noSsr: true, defaultMatches: true });
  const [unfolded, setUnfolded] = useState(() => hasOtherFilters(value));
  const otherId = useId();

  return (
    <Stack
      spacing={1.5}
      sx={{ mb: 2 }}
      component="form"
      role="search"
      aria-label="Item filters"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...value, searchTerm: term });
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          label="Search"
          size="small"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setTerm('');
            onChange(NO_FILTERS);
          }}
        >
          Clear
        </Button>
        <Button variant="outlined" onClick={onRefresh}>
          Refresh
        </Button>
        {!wide && (
          <Button
            variant="text"
            aria-expanded={unfolded}
            aria-controls={otherId}
            onClick={() => setUnfolded((u) => !u)}
          >
            {unfolded ? 'Fewer filters' : 'More filters'}
          </Button>
        )}
      </Stack>
      {(wide || unfolded) && (
        <OtherFilters id={otherId} value={value} onChange={onChange} showTradingTags={showTradingTags} />
      )}
    </Stack>
  );
}

/** The stat filter picker, item type, level range and rarity. */
function OtherFilters({
  id,
  value,
  onChange,
  showTradingTags,
}: {
  id: string;
  value: ItemFilterValues;
  onChange: (next: ItemFilterValues) => void;
  showTradingTags: boolean;
}) {
  const [statFilters, setStatFilters] = useState<StatFilter[]>([]);

  useEffect(() => {
    let current = true;
    getItemFilters().then(
      (list) => current && setStatFilters(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  const options = statFilters.filter((f) => showTradingTags || f.category !== 'Trading');
  const chosen = value.filter
    .map(
      (tag) =>
        statFilters.find((f) => f.statTag === tag) ?? {
          statTag: tag,
          description: tag,
          category: 'Misc Character' as const,
        },
    )
    .filter(Boolean);

  return (
    <Stack id={id} direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <Autocomplete
        multiple
        size="small"
        sx={{ flex: 2, minWidth: 240 }}
        options={options}
        groupBy={(f) => f.category}
        getOptionLabel={(f) => f.description}
        isOptionEqualToValue={(a, b) => a.statTag === b.statTag}
        value={chosen}
        onChange={(_e, next) =>
          onChange({
            ...value,
            filter: withExclusiveTradingTags(
              value.filter,
              next.map((f) => f.statTag),
            ),
          })
        }
        renderInput={(params) => <TextField {...params} label="Stat filters" />}
      />
      <TextField
        select
        size="small"
        label="Item type"
        sx={{ minWidth: 170 }}
        slotProps={nativeSelect}
        value={value.itemType ?? ''}
        onChange={(e) => onChange({ ...value, itemType: e.target.value === '' ? null : Number(e.target.value) })}
      >
        <option value="">-- Any --</option>
        {STASH_ITEM_TYPE_IDS.map((t) => (
          <option key={t.itemTypeId} value={t.itemTypeId}>
            {t.name}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Min level"
        type="number"
        sx={{ width: 110 }}
        value={value.minLevel ?? ''}
        onChange={(e) => onChange({ ...value, minLevel: levelOf(e.target.value) })}
      />
      <TextField
        size="small"
        label="Max level"
        type="number"
        sx={{ width: 110 }}
        value={value.maxLevel ?? ''}
        onChange={(e) => onChange({ ...value, maxLevel: levelOf(e.target.value) })}
      />
      <TextField
        select
        size="small"
        label="Rarity"
        sx={{ minWidth: 170 }}
        slotProps={nativeSelect}
        value={value.rarity ?? ''}
        onChange={(e) => onChange({ ...value, rarity: e.target.value || null })}
      >
        <option value="">-- Any --</option>
        {STASH_RARITY_FILTERS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
