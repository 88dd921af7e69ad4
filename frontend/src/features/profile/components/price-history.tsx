import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Branch } from '@/lib/branch';
import { ApiError } from '@/lib/api-client';
import { getTradePriceHistory, type TradePriceHistory } from '../api/get-trade-price-history';

type State = { kind: 'loading' } | { kind: 'loaded'; history: TradePriceHistory } | { kind: 'failed'; text: string };

/** How many of the last prices are shown (the service keeps 20). */
const SHOWN = 8;

function paidText(p: TradePriceHistory['last'][number]): string {
  const each = p.currency && p.price ? `${p.price} ${p.currency}` : 'items';
  return p.count > 1 ? `${each} for ${p.count}` : each;
}

/**
 * What the item's base record sold for this season (median in the most used currency, volume, last prices):
 * shown beside the listing form and the offer screen so a price can be judged. A failure is a quiet line,
 * never an error in the form around it.
 */
export function PriceHistory({ participantItemId, branch }: { participantItemId: number; branch: Branch }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    getTradePriceHistory(participantItemId, branch, abort.signal).then(
      (history) => setState({ kind: 'loaded', history }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        setState({
          kind: 'failed',
          text:
            err instanceof ApiError && err.status === 404
              ? 'No price history for this item'
              : 'Price history unavailable',
        });
      },
    );
    return () => abort.abort();
  }, [participantItemId, branch]);

  return (
    <Box component="section" aria-label="Price history" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Price History
      </Typography>
      {state.kind === 'loading' && <Skeleton variant="text" width={220} aria-label="Loading price history" />}
      {state.kind === 'failed' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {state.text}
        </Typography>
      )}
      {state.kind === 'loaded' && state.history.volume === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No sales yet this season.
        </Typography>
      )}
      {state.kind === 'loaded' && state.history.volume > 0 && (
        <>
          <Typography variant="body2">
            Median:{' '}
            {state.history.median !== null && state.history.currency
              ? `${state.history.median} ${state.history.currency}`
              : 'no currency sales'}{' '}
            · Sales: {state.history.volume}
          </Typography>
          <Stack
            component="ul"
            aria-label="Last prices"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
          >
            {state.history.last.slice(0, SHOWN).map((p, i) => (
              <li key={`${p.settledOn}-${i}`}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={paidText(p)}
                  title={`Sold ${new Date(p.settledOn).toLocaleString()}`}
                />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
